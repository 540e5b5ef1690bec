import { Button, Container, Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TSignupProfileType } from '@virality/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';

const CARDS: { type: TSignupProfileType; title: string; text: string }[] = [
  { type: 'INFLUENCER', title: 'Influencer', text: 'Publish to all your social accounts at once and earn points.' },
  { type: 'BUSINESS', title: 'Business', text: 'Manage your brand’s social presence with your team.' },
  { type: 'IMC', title: 'IMC', text: 'Influencer marketing company: run campaigns with influencers.' },
];

/** /selectprofiletype: Influencer, Business or IMC, then the matching sign-up form. */
export function SelectProfileTypePage() {
  const navigate = useNavigate();
  const [type, setType] = useState<TSignupProfileType | null>(null);
  const onContinue = () => {
    if (!type) return;
    navigate(type === 'IMC' ? paths.imcRegistration : paths.registration, { state: { profileType: type } });
  };
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28}>
            Choose your profile type
          </Title>
          <Text c="dimmed">Tell us who you are so we can set up the right workspace.</Text>
        </div>
        <Radio.Group value={type} onChange={(v) => setType(v as TSignupProfileType)} aria-label="Profile type">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {CARDS.map((card) => (
              <Radio.Card key={card.type} value={card.type} radius="md" p="md" aria-label={card.title}>
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <div>
                    <Text fw={700}>{card.title}</Text>
                    <Text size="sm" c="dimmed">
                      {card.text}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Group justify="flex-end">
          <Button size="md" disabled={!type} onClick={onContinue}>
            Continue
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
