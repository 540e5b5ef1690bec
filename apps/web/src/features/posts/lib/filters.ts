/**
 * The image editor's named filters. Each is a mix of the canvas library's own filters (konva: Brightness,
 * Contrast, HSL, Sepia, Grayscale, Invert, Enhance, Noise, Blur, Posterize); the editor maps these numbers onto
 * them. No code here touches pixels, so the list can be read (and tested) without the editor.
 */
export type TFilterPreset = {
  name: string;
  /** Multipliers: 1 changes nothing. */
  brightness?: number;
  contrast?: number;
  saturation?: number;
  /** Hue shift in degrees. */
  hue?: number;
  /** HSL lightness shift, -1 to 1. */
  luminance?: number;
  /** 0 to 1. */
  sepia?: number;
  grayscale?: number;
  invert?: boolean;
  /** Stretches the colours to the full range, -1 to 1. */
  enhance?: number;
  /** Film grain, 0 to 1. */
  noise?: number;
  /** Blur radius in preview pixels. */
  blur?: number;
  /** Posterize levels, 0 to 1 (lower: fewer colours). */
  posterize?: number;
};

export const FILTER_PRESETS: readonly TFilterPreset[] = [
  { name: 'Normal' },
  { name: 'Clarendon', contrast: 1.2, saturation: 1.35 },
  { name: 'Gingham', brightness: 1.05, hue: -10, contrast: 0.9 },
  { name: 'Moon', grayscale: 1, contrast: 1.1, brightness: 1.1 },
  { name: 'Lark', contrast: 0.9, brightness: 1.08, saturation: 1.1 },
  { name: 'Reyes', sepia: 0.22, brightness: 1.1, contrast: 0.85, saturation: 0.75 },
  { name: 'Juno', contrast: 1.15, saturation: 1.4, hue: -5 },
  { name: 'Slumber', saturation: 0.66, brightness: 1.05, sepia: 0.1 },
  { name: 'Crema', sepia: 0.3, contrast: 0.95, brightness: 1.05, saturation: 0.9 },
  { name: 'Ludwig', brightness: 1.05, contrast: 1.05, saturation: 1.15 },
  { name: 'Aden', hue: -20, contrast: 0.9, saturation: 0.85, brightness: 1.2 },
  { name: 'Perpetua', brightness: 1.05, saturation: 1.1, hue: 8 },
  { name: 'Amaro', hue: -10, contrast: 0.9, brightness: 1.1, saturation: 1.5 },
  { name: 'Mayfair', contrast: 1.1, saturation: 1.1, brightness: 1.04 },
  { name: 'Rise', brightness: 1.05, sepia: 0.2, contrast: 0.9, saturation: 0.9 },
  { name: 'Hudson', brightness: 1.2, contrast: 0.9, saturation: 1.1, hue: 5 },
  { name: 'Valencia', contrast: 1.08, brightness: 1.08, sepia: 0.08 },
  { name: 'X-Pro II', sepia: 0.3, contrast: 1.3, saturation: 1.2 },
  { name: 'Sierra', sepia: 0.25, contrast: 1.3, brightness: 0.9, hue: -15 },
  { name: 'Willow', grayscale: 0.5, contrast: 0.95, brightness: 0.9 },
  { name: 'Lo-Fi', saturation: 1.1, contrast: 1.5 },
  { name: 'Inkwell', grayscale: 1, sepia: 0.3, contrast: 1.1, brightness: 1.1 },
  { name: 'Hefe', contrast: 1.25, saturation: 1.3, brightness: 0.95 },
  { name: 'Nashville', sepia: 0.2, contrast: 1.2, brightness: 1.05, saturation: 1.2 },
  { name: 'Stinson', contrast: 0.75, saturation: 0.85, brightness: 1.15 },
  { name: 'Vesper', sepia: 0.35, contrast: 1.15, brightness: 1.2, saturation: 1.3 },
  { name: 'Earlybird', contrast: 0.9, sepia: 0.2, brightness: 1.05 },
  { name: 'Brannan', sepia: 0.5, contrast: 1.4 },
  { name: 'Sutro', sepia: 0.4, contrast: 1.2, brightness: 0.9, saturation: 0.8, hue: -10 },
  { name: 'Toaster', contrast: 1.5, brightness: 0.9, sepia: 0.15 },
  { name: 'Walden', brightness: 1.1, hue: -10, sepia: 0.3, saturation: 1.6 },
  { name: '1977', contrast: 1.1, brightness: 1.1, saturation: 1.3, hue: -5 },
  { name: 'Kelvin', sepia: 0.15, saturation: 1.5, brightness: 1.1, hue: -8 },
  { name: 'Maven', sepia: 0.25, brightness: 0.95, contrast: 0.95, saturation: 1.5 },
  { name: 'Ginza', sepia: 0.25, contrast: 1.15, brightness: 1.2, saturation: 1.35, hue: -5 },
  { name: 'Skyline', saturation: 1.35, brightness: 1.1, contrast: 1.15, enhance: 0.2 },
  { name: 'Dogpatch', contrast: 1.5, brightness: 1.1, saturation: 0.9 },
  { name: 'Noir', grayscale: 1, contrast: 1.4, noise: 0.15 },
  { name: 'Dream', blur: 1.5, brightness: 1.1, saturation: 1.15, luminance: 0.05 },
  { name: 'Pop Art', posterize: 0.35, saturation: 1.6, contrast: 1.1 },
];

/** The editor's three adjustments, 0 to 200; 100 changes nothing. */
export const ADJUST_MIN = 0;
export const ADJUST_MAX = 200;
export const ADJUST_DEFAULT = 100;
export const TEXT_SIZE_DEFAULT = 25;

export type TAdjustments = { brightness: number; contrast: number; saturation: number };
export const NO_ADJUSTMENTS: TAdjustments = { brightness: ADJUST_DEFAULT, contrast: ADJUST_DEFAULT, saturation: ADJUST_DEFAULT };

/** A preset with the sliders applied on top (each slider multiplies the preset's own value). */
export function combine(preset: TFilterPreset, adjust: TAdjustments): Required<Omit<TFilterPreset, 'name'>> {
  return {
    brightness: (preset.brightness ?? 1) * (adjust.brightness / ADJUST_DEFAULT),
    contrast: (preset.contrast ?? 1) * (adjust.contrast / ADJUST_DEFAULT),
    saturation: (preset.saturation ?? 1) * (adjust.saturation / ADJUST_DEFAULT),
    hue: preset.hue ?? 0,
    luminance: preset.luminance ?? 0,
    sepia: preset.sepia ?? 0,
    grayscale: preset.grayscale ?? 0,
    invert: preset.invert ?? false,
    enhance: preset.enhance ?? 0,
    noise: preset.noise ?? 0,
    blur: preset.blur ?? 0,
    posterize: preset.posterize ?? 0,
  };
}
