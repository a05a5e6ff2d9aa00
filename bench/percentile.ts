/** The nearest-rank percentile `share` (0.5, 0.99) of the ascending `sorted`; 0 when there is none. */
export function percentile(sorted: number[], share: number): number {
  return sorted[Math.max(0, Math.ceil(sorted.length * share) - 1)] ?? 0;
}
