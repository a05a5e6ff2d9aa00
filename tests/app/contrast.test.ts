import { describe, expect, it } from 'vitest';
import { CARD_SCRIM, parseColor, readableTitleColor, worstContrastOverPicture } from '../../src/styles/contrast.ts';

const WHITE = { r: 255, g: 255, b: 255, a: 1 };
const BLACK = { r: 0, g: 0, b: 0, a: 1 };

describe('parseColor', () => {
  it.each([
    ['#fff', WHITE],
    ['#1F6F4A', { r: 31, g: 111, b: 74, a: 1 }],
    ['rgb(0, 0, 0)', BLACK],
    ['rgba(0, 0, 0, 0.72)', { r: 0, g: 0, b: 0, a: 0.72 }],
    ['rgb(0 0 0 / 72%)', { r: 0, g: 0, b: 0, a: 0.72 }],
  ])('reads %s', (text, color) => {
    expect(parseColor(text)).toEqual(color);
  });

  it.each([['red'], ['#ff'], ['rgb(1, 2)'], ['']])('refuses %j', (text) => {
    expect(parseColor(text)).toBeNull();
  });
});

describe('worstContrastOverPicture', () => {
  it('is the plain contrast on an opaque background', () => {
    expect(worstContrastOverPicture(WHITE, [BLACK])).toBeCloseTo(21, 5);
  });

  it('is 1 when nothing covers the picture: some picture has the text colour', () => {
    expect(worstContrastOverPicture(WHITE, [])).toBe(1);
    expect(worstContrastOverPicture({ r: 255, g: 204, b: 0, a: 1 }, [{ r: 0, g: 0, b: 0, a: 0 }])).toBe(1);
  });

  it('measures white text against a white picture seen through a dark scrim', () => {
    // rgb(0 0 0 / 0.72) over white gives rgb(71 71 71).
    expect(worstContrastOverPicture(WHITE, [CARD_SCRIM])).toBeCloseTo(9.23, 2);
    expect(worstContrastOverPicture(WHITE, [{ r: 0, g: 0, b: 0, a: 0.45 }])).toBeLessThan(4.5);
  });

  it('adds up the layers (a tag tint on the scrim)', () => {
    const tint = { r: 255, g: 255, b: 255, a: 0.2 };
    const onScrim = worstContrastOverPicture(WHITE, [CARD_SCRIM, tint]);
    expect(onScrim).toBeGreaterThan(4.5);
    expect(onScrim).toBeLessThan(worstContrastOverPicture(WHITE, [CARD_SCRIM]));
  });
});

describe('readableTitleColor', () => {
  it("keeps the hotel's colour when it stays readable on the scrim over any picture", () => {
    expect(readableTitleColor('#FFFFFF', [CARD_SCRIM])).toBe('#FFFFFF');
    expect(readableTitleColor('#ffcc00', [CARD_SCRIM])).toBe('#ffcc00');
  });

  it('drops a colour too dark for the scrim, an unreadable one, and no colour at all', () => {
    expect(readableTitleColor('#1f6f4a', [CARD_SCRIM])).toBeUndefined();
    expect(readableTitleColor('tomato', [CARD_SCRIM])).toBeUndefined();
    expect(readableTitleColor(null, [CARD_SCRIM])).toBeUndefined();
  });
});
