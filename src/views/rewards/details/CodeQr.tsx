import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { encode } from 'uqr';

/** docs/behaviour.md#code-reward: the quiet zone a scanner needs around the modules, in modules. */
const QUIET_ZONE = 4;

/**
 * The claimed code as a small QR code, for the staff page's camera (docs/behaviour.md#staff-code-check): it holds
 * exactly the code shown above it, `{codePrefix}-{code}`. Drawn as one SVG path (uqr, in this lazy dialogs chunk).
 */
export function CodeQr({ code }: { code: string }) {
  const { t } = useLingui();
  const { path, size } = useMemo(() => {
    const qr = encode(code, { border: 0, ecc: 'M' });
    const squares: string[] = [];
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) squares.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
      });
    });
    return { path: squares.join(''), size: qr.size + 2 * QUIET_ZONE };
  }, [code]);
  return (
    <svg
      className="reward-details__code-qr"
      data-part="code-qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={t`QR code du code ${code}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
