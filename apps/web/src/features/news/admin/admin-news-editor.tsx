import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  NEWS_LIMITS,
  NEWS_TYPE_LABELS,
  NEWS_TYPES,
  readTimeMinutes,
  type TAdminNews,
  type TNewsInput,
  type TNewsType,
} from '@virality/domain';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ArticleView } from '../components/article-view';
import { newsPath } from '../components/news-format';
import { useAdminNews, useNewsPreview, useSaveNews } from './api';
import { ImageField } from './image-field';
import { NewsActions } from './news-actions';
import { NewsStatusBadge, shownStatus } from './news-status';
import { RichTextField } from './rich-text-field';

type TForm = {
  title: string;
  subHeading: string;
  description: string;
  coverImg: string | null;
  authorFirstName: string;
  authorLastName: string;
  authorImage: string | null;
  newsType: TNewsType;
  /** As the date field holds it: local 'YYYY-MM-DDTHH:mm', or ''. */
  publishedAt: string;
};

const EMPTY: TForm = {
  title: '',
  subHeading: '',
  description: '',
  coverImg: null,
  authorFirstName: '',
  authorLastName: '',
  authorImage: null,
  newsType: 'HIGHLIGHTS',
  publishedAt: '',
};

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as the browser's local 'YYYY-MM-DDTHH:mm'. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

const formOf = (n: TAdminNews): TForm => ({
  title: n.title,
  subHeading: n.subHeading,
  description: n.description,
  coverImg: n.coverImg,
  authorFirstName: n.author.firstName,
  authorLastName: n.author.lastName,
  authorImage: n.author.profileImage,
  newsType: n.newsType,
  publishedAt: toLocalInput(n.publishedAt),
});

const textOf = (html: string) => {
  const el = document.createElement('div');
  el.innerHTML = html;
  return (el.textContent ?? '').trim();
};

/** /admin/news/new and /admin/news/:id: write or edit an article, preview it as the news room shows it. */
export function AdminNewsEditor() {
  const { id: rawId } = useParams();
  const id = rawId && rawId !== 'new' ? rawId : null;
  const navigate = useNavigate();
  const existing = useAdminNews(id);
  const save = useSaveNews();
  const [form, setForm] = useState<TForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof TForm, string>>>({});
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const shown = useNewsPreview(form.description, view === 'preview');
  useEffect(() => {
    if (existing.data) setForm(formOf(existing.data));
  }, [existing.data]);
  const set = <K extends keyof TForm>(k: K, v: TForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  if (id && existing.isPending)
    return (
      <Center mih={200}>
        <Loader aria-label="Loading the article" />
      </Center>
    );
  if (id && existing.isError)
    return (
      <Alert color="red" title={existing.error.message}>
        <Anchor component={Link} to="..">
          Back to the articles
        </Anchor>
      </Alert>
    );

  const submit = () => {
    const found: typeof errors = {};
    if (!form.title.trim()) found.title = 'Title is required';
    if (!form.authorFirstName.trim()) found.authorFirstName = 'Author first name is required';
    if (!textOf(form.description)) found.description = 'Description is required';
    setErrors(found);
    if (Object.keys(found).length) return;
    const input: TNewsInput = {
      ...form,
      publishedAt: form.publishedAt ? new Date(form.publishedAt).toISOString() : null,
    };
    save.mutate(
      { id, input },
      {
        onSuccess: (r) => {
          notifySuccess(r.message);
          if (!id && r.response) navigate(`../${r.response._id}`, { relative: 'path', replace: true });
        },
        onError: (e) => notifyError(e.message),
      },
    );
  };

  const preview = {
    _id: id ?? 'preview',
    title: form.title || 'Untitled',
    subHeading: form.subHeading,
    // never the editor's own HTML: what the server's allow-list leaves of it
    description: shown.data?.description ?? '',
    coverImg: form.coverImg,
    author: { firstName: form.authorFirstName, lastName: form.authorLastName, profileImage: form.authorImage },
    publishedAt: form.publishedAt ? new Date(form.publishedAt).toISOString() : null,
    readTime: shown.data?.readTime ?? readTimeMinutes(textOf(form.description)),
    newsType: form.newsType,
  };
  const current = existing.data;

  return (
    <Stack gap="md">
      <Anchor component={Link} to=".." relative="path" size="sm">
        ← All articles
      </Anchor>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={1} fz={24}>
            {id ? 'Edit article' : 'New article'}
          </Title>
          {current && <NewsStatusBadge news={current} />}
        </Group>
        <SegmentedControl
          value={view}
          onChange={(v) => setView(v as 'edit' | 'preview')}
          data={[
            { value: 'edit', label: 'Write' },
            { value: 'preview', label: 'Preview' },
          ]}
          aria-label="View"
        />
      </Group>
      {current && (
        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed">
              {shownStatus(current) === 'Published' ? (
                <>
                  Public at{' '}
                  <Anchor component={Link} to={newsPath(current._id)} target="_blank">
                    its page in the news room
                  </Anchor>
                </>
              ) : shownStatus(current) === 'Scheduled' ? (
                `Goes public on ${new Date(current.publishedAt as string).toLocaleString()}`
              ) : (
                'A draft: only admins see it'
              )}
            </Text>
            <NewsActions news={current} onDeleted={() => navigate('..', { relative: 'path' })} />
          </Group>
        </Paper>
      )}
      {view === 'preview' ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {shown.isError ? (
            <Alert color="red" title="The preview could not be made">
              {shown.error.message}
            </Alert>
          ) : form.description && !shown.data ? (
            <Center mih={200}>
              <Loader aria-label="Making the preview" />
            </Center>
          ) : (
            <ArticleView news={preview} />
          )}
        </Paper>
      ) : (
        <Stack gap="md">
          <TextInput
            label="Title"
            required
            value={form.title}
            maxLength={NEWS_LIMITS.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={errors.title}
          />
          <Textarea
            label="Sub-heading"
            description="Cards show its first 126 characters"
            autosize
            minRows={2}
            maxLength={NEWS_LIMITS.subHeading}
            value={form.subHeading}
            onChange={(e) => set('subHeading', e.currentTarget.value)}
          />
          <RichTextField
            label="Description"
            required
            value={form.description}
            onChange={(v) => set('description', v)}
            error={errors.description}
          />
          <ImageField label="Cover image" value={form.coverImg} onChange={(v) => set('coverImg', v)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Author first name"
              required
              maxLength={NEWS_LIMITS.authorName}
              value={form.authorFirstName}
              onChange={(e) => set('authorFirstName', e.currentTarget.value)}
              error={errors.authorFirstName}
            />
            <TextInput
              label="Author last name"
              maxLength={NEWS_LIMITS.authorName}
              value={form.authorLastName}
              onChange={(e) => set('authorLastName', e.currentTarget.value)}
            />
          </SimpleGrid>
          <ImageField label="Author picture" round value={form.authorImage} onChange={(v) => set('authorImage', v)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Type"
              data={NEWS_TYPES.map((t) => ({ value: t, label: NEWS_TYPE_LABELS[t] }))}
              value={form.newsType}
              onChange={(v) => v && set('newsType', v as TNewsType)}
              allowDeselect={false}
            />
            <TextInput
              type="datetime-local"
              label="Published date"
              description="Empty: when it is published. A date to come schedules it."
              value={form.publishedAt}
              onChange={(e) => set('publishedAt', e.currentTarget.value)}
            />
          </SimpleGrid>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          {id ? 'Save changes' : 'Save draft'}
        </Button>
      </Group>
    </Stack>
  );
}
