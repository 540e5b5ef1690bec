import { describe, expect, it } from 'vitest';
import {
  BULK_MSG,
  BULK_ROWS_MAX,
  bulkExcerpt,
  bulkMediaIssue,
  bulkTemplate,
  parseCsv,
  readBulkFile,
  readWhen,
} from './bulk-import';
import { POST_MSG } from './post';

const OWN = 'https://app.example.com/uploads/';
const read = (text: string) => readBulkFile(text, { ownPrefix: OWN });
const rowsOf = (text: string) => {
  const file = read(text);
  if (!file.ok) throw new Error(file.error);
  return file.rows;
};

describe('parseCsv (RFC 4180)', () => {
  it('reads quoted values with commas, "" escapes and line breaks inside quotes', () => {
    const parsed = parseCsv('a,b,c\r\n"x, y","say ""hi""","line 1\nline 2"\r\n');
    expect(parsed).toEqual({
      ok: true,
      records: [
        { row: 1, values: ['a', 'b', 'c'] },
        { row: 2, values: ['x, y', 'say "hi"', 'line 1\nline 2'] },
      ],
    });
  });

  it('takes LF and CRLF alike, drops a byte order mark, and skips blank records (numbers keep counting)', () => {
    const parsed = parseCsv('\uFEFFa,b\n1,2\r\n\n,\n3,4');
    expect(parsed).toEqual({
      ok: true,
      records: [
        { row: 1, values: ['a', 'b'] },
        { row: 2, values: ['1', '2'] },
        { row: 5, values: ['3', '4'] },
      ],
    });
  });

  it('keeps empty values, quoted or not, and a quote inside an unquoted value', () => {
    expect(parseCsv('a,"",c,\n5"6,,""')).toEqual({
      ok: true,
      records: [
        { row: 1, values: ['a', '', 'c', ''] },
        { row: 2, values: ['5"6', '', ''] },
      ],
    });
  });

  it('refuses a quote never closed and text after a closing quote, naming the row', () => {
    expect(parseCsv('a,b\n"open,2\n')).toEqual({ ok: false, error: 'Row 2: a quoted value is not closed (a " is missing)' });
    expect(parseCsv('a,b\n"x"y,2\n')).toEqual({
      ok: false,
      error: 'Row 2: after a closing " comes a comma or the end of the line',
    });
  });
});

describe('readWhen', () => {
  it('reads an ISO 8601 date and time with its offset as the UTC moment, to the minute', () => {
    expect(readWhen('2030-07-01T09:00+02:00')).toEqual({ at: new Date('2030-07-01T07:00:00.000Z') });
    expect(readWhen('2030-07-01T09:00:45.123Z')).toEqual({ at: new Date('2030-07-01T09:00:00.000Z') });
    expect(readWhen('2030-07-01 09:30-0530')).toEqual({ at: new Date('2030-07-01T15:00:00.000Z') });
    expect(readWhen(' QUEUE ')).toEqual({ queue: true });
  });

  it('refuses a time without its offset, a day that does not exist, and anything else', () => {
    expect(readWhen('2030-07-01T09:00')).toEqual({ error: BULK_MSG.whenOffset });
    expect(readWhen('2030-02-30T09:00Z')).toEqual({ error: BULK_MSG.whenInvalid });
    expect(readWhen('2030-07-01T24:00Z')).toEqual({ error: BULK_MSG.whenInvalid });
    expect(readWhen('tomorrow')).toEqual({ error: BULK_MSG.whenInvalid });
    expect(readWhen('')).toEqual({ error: BULK_MSG.whenRequired });
  });
});

describe('bulkMediaIssue', () => {
  it('takes https addresses and this server’s own uploads; refuses the rest', () => {
    expect(bulkMediaIssue('https://cdn.example.org/a.jpg', OWN)).toBeNull();
    expect(bulkMediaIssue(`${OWN}media/org/x.jpg`, OWN)).toBeNull();
    expect(bulkMediaIssue('http://cdn.example.org/a.jpg', OWN)).toBe(BULK_MSG.mediaUrl('http://cdn.example.org/a.jpg'));
    expect(bulkMediaIssue('javascript:alert(1)', OWN)).toBe(BULK_MSG.mediaUrl('javascript:alert(1)'));
    expect(bulkMediaIssue('https://user:pw@cdn.example.org/a.jpg', OWN)).not.toBeNull();
    expect(bulkMediaIssue('http://localhost:3000/uploads/../../etc/passwd', 'http://localhost:3000/uploads/')).not.toBeNull();
    expect(bulkMediaIssue('http://localhost:3000/uploads/media/a.jpg', 'http://localhost:3000/uploads/')).toBeNull();
    expect(bulkMediaIssue(`https://x.org/${'a'.repeat(1000)}`, OWN)).toBe(BULK_MSG.mediaUrlTooLong);
  });
});

describe('readBulkFile: the header', () => {
  it('takes the columns in any order and any case, media optional', () => {
    const rows = rowsOf('WHEN,Text,accounts\n2030-01-01T10:00Z,Hello,twitter:acme\n');
    expect(rows).toEqual([
      {
        row: 2,
        text: 'Hello',
        accounts: [{ network: 'twitter', username: 'acme' }],
        at: new Date('2030-01-01T10:00:00Z'),
        queue: false,
        when: '2030-01-01T10:00Z',
        media: [],
        errors: [],
      },
    ]);
  });

  it('refuses an unknown column, a column twice, a missing one, an empty file and a file without posts', () => {
    expect(read('text,accounts,when,image\n')).toEqual({ ok: false, error: BULK_MSG.unknownColumn('image') });
    expect(read('text,accounts,when,Text\n')).toEqual({ ok: false, error: BULK_MSG.duplicateColumn('text') });
    expect(read('text,when\nHi,queue\n')).toEqual({ ok: false, error: BULK_MSG.missingColumn('accounts') });
    expect(read('\uFEFF \r\n')).toEqual({ ok: false, error: BULK_MSG.fileEmpty });
    expect(read('text,accounts,when\r\n')).toEqual({ ok: false, error: BULK_MSG.noRows });
  });

  it(`takes at most ${BULK_ROWS_MAX} rows`, () => {
    const row = 'Hi,twitter:acme,queue\n';
    expect(read(`text,accounts,when\n${row.repeat(BULK_ROWS_MAX)}`).ok).toBe(true);
    expect(read(`text,accounts,when\n${row.repeat(BULK_ROWS_MAX + 1)}`)).toEqual({
      ok: false,
      error: 'The file has 501 posts: at most 500 can be imported at once',
    });
  });
});

describe('readBulkFile: each row', () => {
  it('reads accounts as network:username separated by ;, without the @ and without repeats', () => {
    const [r] = rowsOf('text,accounts,when\nHi, Instagram:@Acme ; facebook:Acme Page;instagram:acme;,queue\n');
    expect(r.accounts).toEqual([
      { network: 'instagram', username: 'Acme' },
      { network: 'facebook', username: 'Acme Page' },
    ]);
    expect(r.queue).toBe(true);
    expect(r.errors).toEqual([]);
  });

  it('says each thing wrong with a row in the app’s words', () => {
    const rows = rowsOf(
      [
        'text,accounts,when,media',
        ' ,,,',
        'Hi,acme;myspace:acme,2030-01-01T10:00,http://x.org/a.jpg',
        `Hi,twitter:acme,queue,${Array.from({ length: 11 }, (_, i) => `https://x.org/${i}.jpg`).join(';')}`,
        'Hi,twitter:acme,queue,,extra',
      ].join('\n'),
    );
    // the blank row 2 is skipped: rows keep the spreadsheet's numbers
    expect(rows.map((r) => [r.row, r.errors])).toEqual([
      [
        3,
        [
          BULK_MSG.accountFormat('acme'),
          '“myspace” is not a network: use instagram, facebook, youtube, linkedin, tiktok, twitter or threads',
          BULK_MSG.whenOffset,
          BULK_MSG.mediaUrl('http://x.org/a.jpg'),
        ],
      ],
      [4, [POST_MSG.maxFiles]],
      [5, ['This row has 5 values; the header has 4 columns']],
    ]);
  });

  it('needs text and at least one account', () => {
    const [r] = rowsOf('text,accounts,when\n"  ",;,queue\n');
    expect(r.errors).toEqual([POST_MSG.captionRequired, POST_MSG.accountRequired]);
  });

  it('keeps text that looks like a spreadsheet formula as text (it is a caption, nothing runs it)', () => {
    const [r] = rowsOf('text,accounts,when\n"=HYPERLINK(""http://evil"")",twitter:acme,queue\n');
    expect(r.text).toBe('=HYPERLINK("http://evil")');
    expect(r.errors).toEqual([]);
  });
});

describe('bulkTemplate', () => {
  it('is a valid file: the header, a dated row a week ahead and a queue row; no value a spreadsheet would run', () => {
    const text = bulkTemplate(new Date('2030-03-01T12:00:00Z'));
    expect(text.split('\r\n')[0]).toBe('text,accounts,when,media');
    const rows = rowsOf(text);
    expect(rows.map((r) => [r.row, r.errors, r.at?.toISOString() ?? null, r.queue])).toEqual([
      [2, [], '2030-03-08T09:00:00.000Z', false],
      [3, [], null, true],
    ]);
    const parsed = parseCsv(text);
    if (!parsed.ok) throw new Error(parsed.error);
    for (const { values } of parsed.records) for (const v of values) expect(v).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe('bulkExcerpt', () => {
  it('cuts a long text at 120 characters with an ellipsis, counting emoji as one', () => {
    expect(bulkExcerpt('short')).toBe('short');
    const long = '😀'.repeat(200);
    expect([...bulkExcerpt(long)].length).toBe(120);
    expect(bulkExcerpt(long).endsWith('…')).toBe(true);
  });
});
