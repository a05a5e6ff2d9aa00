export function ActionsPage({ sUUID, proofSuccessPoints }: { sUUID: string; proofSuccessPoints?: number | undefined }) {
  return (
    <main>
      {sUUID} {proofSuccessPoints}
    </main>
  );
}
