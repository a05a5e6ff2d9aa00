/**
 * WCAG contrast of text drawn over a picture through translucent layers (a scrim, a tag's tint): the picture may
 * hold any colour, so the text is measured against the lightest and the darkest background the layers can give.
 */

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0 (transparent) to 1 (opaque). */
  a: number;
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };

/** `#rgb`, `#rrggbb`, `rgb(…)` or `rgba(…)` (comma or space syntax); null for anything else. */
export function parseColor(text: string): Rgba | null {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return {
      r: parseInt(full.slice(0, 2), 16),
      g: parseInt(full.slice(2, 4), 16),
      b: parseInt(full.slice(4, 6), 16),
      a: 1,
    };
  }
  const channels = /^rgba?\(([^)]+)\)$/
    .exec(value)?.[1]
    ?.split(/[\s,/]+/)
    .filter(Boolean);
  if (!channels || channels.length < 3) return null;
  const [r, g, b, alpha] = channels.map((channel) =>
    channel.endsWith('%') ? Number.parseFloat(channel) / 100 : Number.parseFloat(channel),
  );
  if ([r, g, b].some((channel) => channel === undefined || Number.isNaN(channel))) return null;
  return { r: r as number, g: g as number, b: b as number, a: alpha === undefined || Number.isNaN(alpha) ? 1 : alpha };
}

/** `layer` painted over the opaque `under` (browsers blend in sRGB). */
function paint(under: Rgba, layer: Rgba): Rgba {
  const mix = (top: number, bottom: number) => top * layer.a + bottom * (1 - layer.a);
  return { r: mix(layer.r, under.r), g: mix(layer.g, under.g), b: mix(layer.b, under.b), a: 1 };
}

function luminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The lowest contrast of the opaque `text` over any picture covered by `layers` (bottom first). Each layer is monotonic in
 * the picture's channels, so the background's luminance ranges from its value over black to its value over white;
 * text whose luminance falls inside that range can meet a picture pixel of its own luminance (contrast 1).
 */
export function worstContrastOverPicture(text: Rgba, layers: readonly Rgba[]): number {
  const over = (picture: Rgba) => luminance(layers.reduce(paint, picture));
  const darkest = over(BLACK);
  const lightest = over(WHITE);
  const textLuminance = luminance(text);
  if (textLuminance >= lightest) return (textLuminance + 0.05) / (lightest + 0.05);
  if (textLuminance <= darkest) return (darkest + 0.05) / (textLuminance + 0.05);
  return 1;
}

/** WCAG 2.2 1.4.3: normal text needs 4.5:1. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * The hotel's title colour when it stays readable over any picture under `layers`, else undefined (the card's own
 * colour, white on the scrim, applies).
 */
export function readableTitleColor(color: string | null | undefined, layers: readonly Rgba[]): string | undefined {
  const parsed = color ? parseColor(color) : null;
  if (!parsed || parsed.a < 1) return undefined;
  return worstContrastOverPicture(parsed, layers) >= MIN_TEXT_CONTRAST ? (color ?? undefined) : undefined;
}

/** The band behind card texts over pictures (theme.css `--color-card-scrim`): white text keeps 9.2:1 on any picture. */
export const CARD_SCRIM: Rgba = { r: 0, g: 0, b: 0, a: 0.72 };
