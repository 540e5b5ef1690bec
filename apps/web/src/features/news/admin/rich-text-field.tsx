import { ActionIcon, Group, Input, Paper, Tooltip } from '@mantine/core';
import {
  IconBlockquote,
  IconBold,
  IconClearFormatting,
  IconH2,
  IconH3,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconUnderline,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import classes from '../components/news.module.css';

type TProps = { label: string; value: string; onChange: (html: string) => void; error?: ReactNode; required?: boolean };

type TTool = { label: string; icon: ReactNode; run: () => void };

/**
 * A small rich text editor: an editable area with a toolbar (bold, italic, underline, two heading sizes, lists,
 * quote, link, clear). It hands the form its HTML; the server keeps only what its allow-list lets through.
 */
export function RichTextField({ label, value, onChange, error, required }: TProps) {
  const ref = useRef<HTMLDivElement>(null);
  // the area is the source of truth while it is edited; a value from outside (an article loaded) replaces it
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== value) ref.current.innerHTML = value;
  }, [value]);
  const exec = (command: string, arg?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, arg);
    if (ref.current) onChange(ref.current.innerHTML);
  };
  const tools: TTool[] = [
    { label: 'Bold', icon: <IconBold size={16} />, run: () => exec('bold') },
    { label: 'Italic', icon: <IconItalic size={16} />, run: () => exec('italic') },
    { label: 'Underline', icon: <IconUnderline size={16} />, run: () => exec('underline') },
    { label: 'Large heading', icon: <IconH2 size={16} />, run: () => exec('formatBlock', 'h2') },
    { label: 'Small heading', icon: <IconH3 size={16} />, run: () => exec('formatBlock', 'h3') },
    { label: 'Bulleted list', icon: <IconList size={16} />, run: () => exec('insertUnorderedList') },
    { label: 'Numbered list', icon: <IconListNumbers size={16} />, run: () => exec('insertOrderedList') },
    { label: 'Quote', icon: <IconBlockquote size={16} />, run: () => exec('formatBlock', 'blockquote') },
    {
      label: 'Link',
      icon: <IconLink size={16} />,
      run: () => {
        const url = window.prompt('Link address (https://…)');
        if (url && /^(https?:\/\/|mailto:)/i.test(url.trim())) exec('createLink', url.trim());
      },
    },
    {
      label: 'Clear formatting',
      icon: <IconClearFormatting size={16} />,
      run: () => {
        exec('removeFormat');
        exec('formatBlock', 'p');
      },
    },
  ];
  const id = 'news-description';
  return (
    <Input.Wrapper label={label} error={error} required={required} id={id}>
      <Paper withBorder radius="md" mt={4} style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <Group
          gap={2}
          p={4}
          wrap="wrap"
          role="toolbar"
          aria-label="Formatting"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          {tools.map((t) => (
            <Tooltip key={t.label} label={t.label} withinPortal>
              <ActionIcon
                variant="subtle"
                color="dark"
                aria-label={t.label}
                // keeps the selection in the area while the button is pressed
                onMouseDown={(e) => e.preventDefault()}
                onClick={t.run}
              >
                {t.icon}
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
        {/* biome-ignore lint/a11y/useSemanticElements: a rich text area has no native element */}
        <div
          ref={ref}
          id={id}
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          tabIndex={0}
          contentEditable
          suppressContentEditableWarning
          className={classes.body}
          style={{ minHeight: 220, maxHeight: 520, overflowY: 'auto', padding: 'var(--mantine-spacing-sm)', outline: 'none' }}
          onInput={(e) => onChange(e.currentTarget.innerHTML)}
        />
      </Paper>
    </Input.Wrapper>
  );
}
