export type QrRef = { kind: 'room'; qrId: string } | { kind: 'hotel'; hId: string };

export function EntryPage({ qr }: { qr: QrRef }) {
  return <main>{qr.kind}</main>;
}
