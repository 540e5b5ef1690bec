import {
  Box,
  Button,
  ColorSwatch,
  Grid,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Slider,
  Stack,
  Tabs,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { IconAdjustments, IconCheck, IconColorFilter, IconTypography } from '@tabler/icons-react';
import Konva from 'konva';
import type { Filter } from 'konva/lib/Node';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Image as KImage, Text as KText, Layer, Rect, Stage } from 'react-konva';
import {
  ADJUST_DEFAULT,
  ADJUST_MAX,
  ADJUST_MIN,
  combine,
  FILTER_PRESETS,
  NO_ADJUSTMENTS,
  type TAdjustments,
  TEXT_SIZE_DEFAULT,
  type TFilterPreset,
} from '../lib/filters';

/** The longest side of an exported image: enough for every network, and a bounded amount of pixel work. */
const EXPORT_MAX_SIDE = 4096;
const THUMB = 88;
const TEXT_COLORS = ['#ffffff', '#000000', '#FFD43B', '#FF6B6B', '#6A3CE4', '#12B886'];

type TKonvaSetup = { filters: (Filter | string)[]; attrs: Record<string, number> };

/** A preset with the sliders applied, as konva filters and the node attributes they read. */
function konvaSetup(preset: TFilterPreset, adjust: TAdjustments): TKonvaSetup {
  const c = combine(preset, adjust);
  const filters: (Filter | string)[] = [];
  // neutral values for every attribute, so a filter taken away leaves nothing behind
  const attrs: Record<string, number> = {
    saturation: 0,
    hue: 0,
    luminance: 0,
    brightness: 1,
    contrast: 0,
    enhance: 0,
    levels: 0.5,
    noise: 0,
    blurRadius: 0,
  };
  if (c.invert) filters.push(Konva.Filters.Invert);
  if (c.saturation !== 1 || c.hue !== 0 || c.luminance !== 0) {
    filters.push(Konva.Filters.HSL);
    // HSL multiplies saturation by 2^saturation
    attrs.saturation = Math.log2(Math.max(c.saturation, 1 / 1024));
    attrs.hue = c.hue;
    attrs.luminance = c.luminance;
  }
  if (c.grayscale >= 1) filters.push(Konva.Filters.Grayscale);
  else if (c.grayscale > 0) filters.push(`grayscale(${c.grayscale})`);
  if (c.sepia >= 1) filters.push(Konva.Filters.Sepia);
  else if (c.sepia > 0) filters.push(`sepia(${c.sepia})`);
  if (c.brightness !== 1) {
    filters.push(Konva.Filters.Brightness);
    attrs.brightness = c.brightness;
  }
  if (c.contrast !== 1) {
    filters.push(Konva.Filters.Contrast);
    // konva's contrast scales by ((c + 100) / 100)^2; the slider's value is that scale
    attrs.contrast = 100 * Math.sqrt(c.contrast) - 100;
  }
  if (c.enhance) {
    filters.push(Konva.Filters.Enhance);
    attrs.enhance = c.enhance;
  }
  if (c.posterize) {
    filters.push(Konva.Filters.Posterize);
    attrs.levels = c.posterize;
  }
  if (c.noise) {
    filters.push(Konva.Filters.Noise);
    attrs.noise = c.noise;
  }
  if (c.blur) {
    filters.push(Konva.Filters.Blur);
    attrs.blurRadius = c.blur;
  }
  return { filters, attrs };
}

/** A square thumbnail of the image under each preset, drawn by konva off screen, a few at a time. */
function usePresetThumbs(img: HTMLImageElement | null): Record<string, string> {
  const [thumbs, setThumbs] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!img) return;
    let stop = false;
    const side = Math.min(img.naturalWidth, img.naturalHeight);
    const crop = { x: (img.naturalWidth - side) / 2, y: (img.naturalHeight - side) / 2, width: side, height: side };
    // one small copy of the image, so each preset filters 88×88 pixels, not the whole photo
    const base = new Konva.Image({ image: img, crop, width: THUMB, height: THUMB });
    const small = base.toCanvas({ pixelRatio: 2 });
    base.destroy();
    void (async () => {
      for (const preset of FILTER_PRESETS) {
        if (stop) return;
        const node = new Konva.Image({ image: small, width: THUMB, height: THUMB });
        const { filters, attrs } = konvaSetup(preset, NO_ADJUSTMENTS);
        for (const [k, v] of Object.entries(attrs)) node.setAttr(k, v);
        if (filters.length) {
          node.cache({ pixelRatio: 2 });
          node.filters(filters);
        }
        const url = node.toDataURL({ pixelRatio: 2, mimeType: 'image/jpeg', quality: 0.8 });
        node.destroy();
        if (stop) return;
        setThumbs((t) => ({ ...t, [preset.name]: url }));
        await new Promise((r) => window.setTimeout(r, 0));
      }
    })();
    return () => {
      stop = true;
    };
  }, [img]);
  return thumbs;
}

type TProps = {
  file: File;
  onApply: (file: File) => void;
  onCancel: () => void;
};

/**
 * The image editor (loaded only when opened): 40 named filters, brightness, contrast and saturation from 0 to 200,
 * and a text over the image (25 px first), all drawn by konva; Apply turns the result into the file that is
 * uploaded (a JPEG at the photo's own size, at most 4096 px on its longest side).
 */
export default function ImageEditor({ file, onApply, onCancel }: TProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [preset, setPreset] = useState<TFilterPreset>(FILTER_PRESETS[0]);
  const [adjust, setAdjust] = useState<TAdjustments>(NO_ADJUSTMENTS);
  const [text, setText] = useState('');
  const [fontSize, setFontSize] = useState(TEXT_SIZE_DEFAULT);
  const [color, setColor] = useState(TEXT_COLORS[0]);
  const [place, setPlace] = useState<'top' | 'middle' | 'bottom' | 'custom'>('bottom');
  const [dragged, setDragged] = useState<{ x: number; y: number } | null>(null);
  const [applying, setApplying] = useState(false);
  const { ref: frame, width: frameWidth } = useElementSize();
  const stageRef = useRef<Konva.Stage>(null);
  const imageRef = useRef<Konva.Image>(null);
  const textRef = useRef<Konva.Text>(null);
  const thumbs = usePresetThumbs(img);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const image = new window.Image();
    image.onload = () => setImg(image);
    image.onerror = () => setFailed(true);
    image.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // the photo fitted to the space there is: the frame's width, at most 62 % of the screen's height
  const size = useMemo(() => {
    if (!img || !frameWidth) return null;
    const maxH = Math.max(240, window.innerHeight * (phone ? 0.45 : 0.62));
    const scale = Math.min(frameWidth / img.naturalWidth, maxH / img.naturalHeight, 1.5);
    return { w: Math.round(img.naturalWidth * scale), h: Math.round(img.naturalHeight * scale) };
  }, [img, frameWidth, phone]);
  const previewRatio = Math.min(2, window.devicePixelRatio || 1);

  useEffect(() => {
    if (!size || !imageRef.current) return;
    imageRef.current.cache({ pixelRatio: previewRatio });
    imageRef.current.getLayer()?.batchDraw();
  }, [size, previewRatio]);

  const setup = useMemo(() => konvaSetup(preset, adjust), [preset, adjust]);

  const textWidth = size ? size.w * 0.9 : 0;
  const textY = (() => {
    if (!size) return 0;
    const lines = Math.max(1, text.split('\n').length);
    const h = lines * fontSize * 1.2;
    if (place === 'top') return size.h * 0.06;
    if (place === 'middle') return (size.h - h) / 2;
    return size.h - h - size.h * 0.06;
  })();
  const textPos = place === 'custom' && dragged ? dragged : { x: size ? (size.w - textWidth) / 2 : 0, y: textY };

  async function apply() {
    const stage = stageRef.current;
    const node = imageRef.current;
    if (!stage || !node || !img || !size) return;
    setApplying(true);
    try {
      // the photo's own size (at most 4096 on its longest side), exactly: the preview's rounding is not carried over
      const fit = Math.min(1, EXPORT_MAX_SIDE / Math.max(img.naturalWidth, img.naturalHeight));
      const outW = Math.round(img.naturalWidth * fit);
      const outH = Math.round(img.naturalHeight * fit);
      const scale = outW / size.w;
      node.cache({ pixelRatio: scale });
      const drawn = stage.toCanvas({ pixelRatio: scale });
      node.cache({ pixelRatio: previewRatio });
      const out = document.createElement('canvas');
      out.width = outW;
      out.height = outH;
      out.getContext('2d')?.drawImage(drawn, 0, 0, outW, outH);
      const blob = await new Promise<Blob | null>((resolve) => out.toBlob(resolve, 'image/jpeg', 0.92));
      if (!blob) return;
      const name = `${file.name.replace(/\.[^.]+$/, '')}-edited.jpg`;
      onApply(new File([blob], name, { type: 'image/jpeg', lastModified: Date.now() }));
    } finally {
      setApplying(false);
    }
  }

  const adjustSlider = (key: keyof TAdjustments, label: string) => (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={600} id={`adjust-${key}`}>
          {label}
        </Text>
        <Text size="sm" c="dimmed" ff="monospace">
          {adjust[key]}
        </Text>
      </Group>
      <Slider
        min={ADJUST_MIN}
        max={ADJUST_MAX}
        step={1}
        value={adjust[key]}
        onChange={(v) => setAdjust((a) => ({ ...a, [key]: v }))}
        marks={[{ value: ADJUST_DEFAULT }]}
        thumbLabel={label}
        label={null}
      />
    </Stack>
  );

  return (
    <Modal.Root opened onClose={onCancel} fullScreen={phone} size={1080} centered zIndex={300}>
      <Modal.Overlay />
      <Modal.Content aria-label="Edit image" radius={phone ? 0 : 'lg'}>
        <Modal.Header>
          <Text fw={650} fz={18} component="h2">
            Edit image
          </Text>
          <Modal.CloseButton aria-label="Cancel editing" />
        </Modal.Header>
        <Box px="md" pb="md">
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Box
                ref={frame}
                mih={240}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  background: 'repeating-conic-gradient(#f1f3f7 0% 25%, #fff 0% 50%) 50% / 20px 20px',
                  borderRadius: 'var(--mantine-radius-md)',
                }}
              >
                {failed ? (
                  <Text c="red.9" p="xl">
                    This image could not be opened.
                  </Text>
                ) : !size ? (
                  <Loader my="xl" aria-label="Opening the image" />
                ) : (
                  <Stage
                    ref={stageRef}
                    width={size.w}
                    height={size.h}
                    role="img"
                    aria-label={`${file.name}, ${preset.name} filter`}
                  >
                    <Layer>
                      <Rect width={size.w} height={size.h} fill="#fff" listening={false} />
                      <KImage
                        ref={imageRef}
                        image={img!}
                        width={size.w}
                        height={size.h}
                        filters={setup.filters}
                        {...setup.attrs}
                        listening={false}
                      />
                      {text && (
                        <KText
                          ref={textRef}
                          text={text}
                          fontSize={fontSize}
                          fontFamily="Inter Variable, Inter, system-ui, sans-serif"
                          fontStyle="bold"
                          fill={color}
                          align="center"
                          width={textWidth}
                          x={textPos.x}
                          y={textPos.y}
                          shadowColor={color === '#000000' ? 'rgba(255,255,255,.6)' : 'rgba(0,0,0,.55)'}
                          shadowBlur={6}
                          draggable
                          dragBoundFunc={(pos) => ({
                            x: Math.min(Math.max(pos.x, -textWidth / 2), size.w - textWidth / 2),
                            y: Math.min(Math.max(pos.y, 0), size.h - fontSize),
                          })}
                          onDragEnd={(e) => {
                            setDragged({ x: e.target.x(), y: e.target.y() });
                            setPlace('custom');
                          }}
                        />
                      )}
                    </Layer>
                  </Stage>
                )}
              </Box>
              <Text size="xs" c="dimmed" mt={6}>
                {preset.name} filter{text ? ' · drag the text to move it' : ''}
              </Text>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Tabs defaultValue="filters" keepMounted={false}>
                <Tabs.List grow>
                  <Tabs.Tab value="filters" leftSection={<IconColorFilter size={16} aria-hidden />}>
                    Filters
                  </Tabs.Tab>
                  <Tabs.Tab value="adjust" leftSection={<IconAdjustments size={16} aria-hidden />}>
                    Adjust
                  </Tabs.Tab>
                  <Tabs.Tab value="text" leftSection={<IconTypography size={16} aria-hidden />}>
                    Text
                  </Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="filters" pt="sm">
                  <SimpleGrid
                    cols={4}
                    spacing={8}
                    verticalSpacing={8}
                    mah={phone ? 260 : 420}
                    style={{ overflowY: 'auto', padding: 2 }}
                    role="group"
                    aria-label="Filters"
                  >
                    {FILTER_PRESETS.map((p) => {
                      const on = p.name === preset.name;
                      return (
                        <UnstyledButton key={p.name} onClick={() => setPreset(p)} aria-pressed={on} aria-label={p.name}>
                          <Stack gap={4} align="center">
                            <Box
                              w="100%"
                              style={{
                                aspectRatio: '1 / 1',
                                borderRadius: 8,
                                overflow: 'hidden',
                                background: 'var(--mantine-color-gray-1)',
                                outline: on ? '2px solid var(--mantine-primary-color-filled)' : undefined,
                                outlineOffset: 2,
                              }}
                            >
                              {thumbs[p.name] && (
                                <img src={thumbs[p.name]} alt="" style={{ width: '100%', height: '100%', display: 'block' }} />
                              )}
                            </Box>
                            <Text size="xs" fw={on ? 700 : 500} c={on ? undefined : 'dimmed'} ta="center" lineClamp={1}>
                              {p.name}
                            </Text>
                          </Stack>
                        </UnstyledButton>
                      );
                    })}
                  </SimpleGrid>
                </Tabs.Panel>
                <Tabs.Panel value="adjust" pt="md">
                  <Stack gap="lg">
                    {adjustSlider('brightness', 'Brightness')}
                    {adjustSlider('contrast', 'Contrast')}
                    {adjustSlider('saturation', 'Saturation')}
                    <Group justify="flex-end">
                      <Button variant="subtle" onClick={() => setAdjust(NO_ADJUSTMENTS)}>
                        Reset
                      </Button>
                    </Group>
                  </Stack>
                </Tabs.Panel>
                <Tabs.Panel value="text" pt="md">
                  <Stack gap="md">
                    <Textarea
                      label="Text on the image"
                      placeholder="Add a few words"
                      value={text}
                      onChange={(e) => setText(e.currentTarget.value.slice(0, 200))}
                      autosize
                      minRows={2}
                      maxRows={4}
                    />
                    <Stack gap={4}>
                      <Group justify="space-between">
                        <Text size="sm" fw={600}>
                          Font size
                        </Text>
                        <Text size="sm" c="dimmed" ff="monospace">
                          {fontSize}
                        </Text>
                      </Group>
                      <Slider min={10} max={120} value={fontSize} onChange={setFontSize} thumbLabel="Font size" label={null} />
                    </Stack>
                    <Stack gap={4}>
                      <Text size="sm" fw={600} id="text-color">
                        Colour
                      </Text>
                      <Group gap={8} role="radiogroup" aria-labelledby="text-color">
                        {TEXT_COLORS.map((c) => (
                          <ColorSwatch
                            key={c}
                            component="button"
                            type="button"
                            color={c}
                            size={32}
                            role="radio"
                            aria-checked={c === color}
                            aria-label={c}
                            onClick={() => setColor(c)}
                            style={{ cursor: 'pointer', border: '1px solid var(--mantine-color-gray-4)' }}
                          >
                            {c === color && (
                              <IconCheck size={16} color={c === '#ffffff' || c === '#FFD43B' ? '#000' : '#fff'} aria-hidden />
                            )}
                          </ColorSwatch>
                        ))}
                      </Group>
                    </Stack>
                    <Stack gap={4}>
                      <Text size="sm" fw={600} id="text-place">
                        Position
                      </Text>
                      <SegmentedControl
                        aria-labelledby="text-place"
                        value={place === 'custom' ? '' : place}
                        onChange={(v) => {
                          setPlace(v as 'top' | 'middle' | 'bottom');
                          setDragged(null);
                        }}
                        data={[
                          { value: 'top', label: 'Top' },
                          { value: 'middle', label: 'Middle' },
                          { value: 'bottom', label: 'Bottom' },
                        ]}
                      />
                    </Stack>
                  </Stack>
                </Tabs.Panel>
              </Tabs>
            </Grid.Col>
          </Grid>
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={applying}>
              Cancel
            </Button>
            <Button onClick={() => void apply()} loading={applying} disabled={!size}>
              Apply
            </Button>
          </Group>
        </Box>
      </Modal.Content>
    </Modal.Root>
  );
}
