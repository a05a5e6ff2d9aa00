/** The largest number an integer column holds on PostgreSQL: the most an id, a position or a count may be. */
export const INTEGER_MAX = 2147483647;
