import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCopy, IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { SUPPORT_EMAIL } from '../../../config/app';
import { notifyError, notifySuccess } from '../../../lib/notify';
import classes from './landing.module.css';
import { Section } from './section';

/** The words of the help page's copy button, kept for the same action here. */
export const EMAIL_COPIED = 'email copied to clipboard successfully';
export const EMAIL_NOT_COPIED = 'The address could not be copied. Select it and copy it yourself.';

/** How long the button says Copied. */
const COPIED_MS = 2000;

/** Contact us: the support address as a mailto link, and a button that copies it. */
export function ContactUs() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    try {
      // navigator.clipboard is missing outside a secure context: that is a failure too
      await navigator.clipboard.writeText(SUPPORT_EMAIL);
      setCopied(true);
      notifySuccess(EMAIL_COPIED);
    } catch {
      notifyError(EMAIL_NOT_COPIED);
    }
  };

  return (
    <Section
      id="contact"
      eyebrow="Contact us"
      title="Talk to a person"
      lead="Questions about plans, connecting an account or working with us? Write to us and one of the team will answer."
    >
      <Paper withBorder radius="lg" shadow="xs" className={classes.card} maw={640} w="100%" mx="auto">
        <Group justify="space-between" gap="md">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" size={44} radius="md" aria-hidden="true">
              <IconMail size={24} stroke={1.75} />
            </ThemeIcon>
            <Stack gap={0} miw={0}>
              <Text size="sm" c="dimmed">
                E-mail
              </Text>
              <Anchor href={`mailto:${SUPPORT_EMAIL}`} fw={600} size="lg" underline="always" style={{ overflowWrap: 'anywhere' }}>
                {SUPPORT_EMAIL}
              </Anchor>
            </Stack>
          </Group>
          <Button
            variant="default"
            size="md"
            leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            onClick={() => void copy()}
          >
            {copied ? 'Copied' : 'Copy address'}
          </Button>
        </Group>
      </Paper>
    </Section>
  );
}
