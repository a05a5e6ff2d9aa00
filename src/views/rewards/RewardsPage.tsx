export function RewardsPage({ sUUID }: { sUUID: string }) {
  return <main>{sUUID}</main>;
}
