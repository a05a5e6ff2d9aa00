/**
 * A guest profile's id (docs/server.md#identity): a version-4 UUID, as `crypto.randomUUID()` makes. The server
 * refuses any other form (400); the app replaces a stored id of another form by a new one.
 */
export const PROFILE_UUID_PATTERN =
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$';

const profileUuid = new RegExp(PROFILE_UUID_PATTERN);

export function isProfileUuid(value: string): boolean {
  return profileUuid.test(value);
}
