export function DisabledQrPage({ qrId }: { qrId: string }) {
  return <main>{qrId}</main>;
}
