/**
 * The certification dossier's files (docs/impact.md#certification): the formats GET …/certification.{csv,pdf}
 * answers in, and the name the server gives the file and the staff page saves it under.
 */
export const CERTIFICATION_FORMATS = ['csv', 'pdf'] as const;
export type CertificationFormat = (typeof CERTIFICATION_FORMATS)[number];

export const certificationFileName = (
  hId: number,
  period: { from: string; to: string },
  format: CertificationFormat,
): string => `greenmiles-certification-${hId}-${period.from}-${period.to}.${format}`;
