export function FinishedPage({ sUUID }: { sUUID: string }) {
  return <main>{sUUID}</main>;
}
