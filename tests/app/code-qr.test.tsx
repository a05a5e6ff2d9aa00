import { render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { CodeQr } from '../../src/views/rewards/details/CodeQr.tsx';
import { I18nWrapper } from './i18n-wrapper.tsx';

/** Pixels per module of the image painted from the SVG. */
const SCALE = 4;

/** Paints the drawn QR code (its `M{x} {y}h1v1h-1z` squares) into an RGBA image, as a camera frame would hold it. */
function paint(svg: SVGElement): { data: Uint8ClampedArray; width: number } {
  const size = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const width = size * SCALE;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  const path = svg.querySelector('path')?.getAttribute('d') ?? '';
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < SCALE; dy++)
      for (let dx = 0; dx < SCALE; dx++) {
        const offset = ((Number(y) * SCALE + dy) * width + Number(x) * SCALE + dx) * 4;
        data.fill(0, offset, offset + 3);
      }
  }
  return { data, width };
}

describe('the QR code of a claimed code (docs/behaviour.md#code-reward)', () => {
  for (const code of ['TIL-LZJ', 'HDG-K7M2QX9P', 'H12-ABCDEFGHJKLM']) {
    it(`reads back as ${code} with the staff page's decoder`, () => {
      render(<CodeQr code={code} />, { wrapper: I18nWrapper });
      const svg = screen.getByRole('img', { name: `QR code du code ${code}` }) as unknown as SVGElement;
      const { data, width } = paint(svg);
      expect(jsQR(data, width, width)?.data).toBe(code);
    });
  }
});
