import { formatUsd, REPORT_MSG, socialNetwork, type TCampaignReport } from '@virality/domain';
import PDFDocument from 'pdfkit';

/**
 * The campaign report as a PDF to send on: A4, the campaign and its sums first, a chart of engagement by day, then
 * each influencer and each post. Drawn with the PDF's built-in Helvetica (no font file to ship); a character that
 * font cannot show (outside Windows-1252: an emoji, a script other than Latin) is shown as '?'.
 */

const INK = '#1f2333';
const MUTED = '#6b7080';
const BRAND = '#5b3cc4';
const LINE = '#e3e4ea';
const MARGIN = 48;

/** Text as the built-in font can show it. */
const shown = (text: string) =>
  text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/gu, '?');

const num = (n: number | null) => (n === null ? '—' : n.toLocaleString('en-US'));
const usd = (n: number | null) => (n === null ? '—' : formatUsd(Math.round(n * 100)));
/** Cents, as the app shows money; below a dollar (a cost per engagement of a fraction of a cent) four decimals. */
const usdPrecise = (n: number | null) => (n === null ? '—' : n >= 1 ? usd(n) : `$${n.toFixed(4).replace(/0{1,2}$/, '')}`);
const networkLabel = (key: string) => socialNetwork(key)?.label ?? key;

type TColumn = { title: string; width: number; align?: 'left' | 'right' };

export async function reportPdf(report: TCampaignReport): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: shown(`${report.campaign.name}: campaign report`), Author: shown(report.campaign.owner), Creator: 'Virality' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN;

  // the heading
  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(10).text('VIRALITY · CAMPAIGN REPORT');
  doc.moveDown(0.4);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(shown(report.campaign.name));
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(10)
    .text(
      shown(
        `${report.campaign.startDate} to ${report.campaign.endDate} · run by ${report.campaign.owner} · made ${report.generatedAt.slice(0, 16).replace('T', ' ')} UTC`,
      ),
    );
  doc.moveDown(1);

  // the sums, as tiles
  const t = report.totals;
  const tiles: [string, string][] = [
    ['Budget', usd(report.campaign.budget)],
    ['Spent', usd(t.spent)],
    ['Posts', num(t.posts)],
    ['Views', num(t.views)],
    ['Engagement', num(t.engagement)],
    ['Cost per engagement', usdPrecise(t.costPerEngagement)],
    ['Cost per 1,000 views', usd(t.costPerThousandViews)],
    ['Deliverables', `${t.deliverables.done} done · ${t.deliverables.due} due · ${t.deliverables.late} late`],
  ];
  const tileW = width / 4;
  const tileH = 46;
  const top = doc.y;
  tiles.forEach(([label, value], i) => {
    const x = MARGIN + (i % 4) * tileW;
    const y = top + Math.floor(i / 4) * (tileH + 8);
    doc
      .roundedRect(x, y, tileW - 8, tileH, 6)
      .strokeColor(LINE)
      .stroke();
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(8)
      .text(label, x + 8, y + 8, { width: tileW - 24 });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(i === 7 ? 9 : 13)
      .text(value, x + 8, y + 22, { width: tileW - 24 });
  });
  doc.x = MARGIN;
  doc.y = top + 2 * (tileH + 8) + 8;

  if (report.posts.length === 0) {
    doc.moveDown(1).fillColor(MUTED).font('Helvetica').fontSize(11).text(REPORT_MSG.empty, MARGIN, doc.y, { width });
  } else {
    // engagement by day, as bars
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(12).text('Engagement by day', MARGIN, doc.y);
    const chartTop = doc.y + 6;
    const chartH = 110;
    const days = report.days;
    const max = Math.max(1, ...days.map((d) => d.engagement));
    const slot = width / Math.max(1, days.length);
    doc
      .moveTo(MARGIN, chartTop + chartH)
      .lineTo(MARGIN + width, chartTop + chartH)
      .strokeColor(LINE)
      .stroke();
    days.forEach((d, i) => {
      const h = (d.engagement / max) * (chartH - 14);
      const barW = Math.max(1, Math.min(28, slot * 0.7));
      if (h > 0)
        doc
          .rect(MARGIN + i * slot + (slot - barW) / 2, chartTop + chartH - h, barW, h)
          .fillColor(BRAND)
          .fill();
    });
    doc.fillColor(MUTED).font('Helvetica').fontSize(8);
    doc.text(days[0]?.date ?? '', MARGIN, chartTop + chartH + 4);
    doc.text(days.at(-1)?.date ?? '', MARGIN, chartTop + chartH + 4, { width, align: 'right' });
    doc.text(`highest: ${num(max)}`, MARGIN, chartTop - 2, { width, align: 'right' });
    doc.x = MARGIN;
    doc.y = chartTop + chartH + 24;
  }

  /** A table: a header row, then rows, a new page (with the header again) when the page is full. */
  function table(title: string, columns: TColumn[], rows: string[][]) {
    const rowH = 18;
    const header = () => {
      let x = MARGIN;
      const y = doc.y;
      doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
      for (const c of columns) {
        doc.text(c.title, x + 2, y, { width: c.width - 4, align: c.align ?? 'left', lineBreak: false });
        x += c.width;
      }
      doc.y = y + rowH - 4;
      doc
        .moveTo(MARGIN, doc.y - 4)
        .lineTo(MARGIN + width, doc.y - 4)
        .strokeColor(LINE)
        .stroke();
    };
    if (doc.y + 60 > bottom()) doc.addPage();
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(12).text(title, MARGIN, doc.y);
    doc.moveDown(0.4);
    header();
    for (const row of rows) {
      if (doc.y + rowH > bottom()) {
        doc.addPage();
        header();
      }
      let x = MARGIN;
      const y = doc.y;
      doc.font('Helvetica').fontSize(8.5).fillColor(INK);
      row.forEach((cell, i) => {
        doc.text(shown(cell), x + 2, y, {
          width: columns[i].width - 4,
          align: columns[i].align ?? 'left',
          lineBreak: false,
          ellipsis: true,
        });
        x += columns[i].width;
      });
      doc.y = y + rowH;
    }
    doc.moveDown(1);
    doc.x = MARGIN;
  }

  if (report.influencers.length > 0)
    table(
      'Influencers',
      [
        { title: 'Influencer', width: width * 0.22 },
        { title: 'Fee', width: width * 0.1, align: 'right' },
        { title: 'Paid', width: width * 0.1, align: 'right' },
        { title: 'Posts', width: width * 0.08, align: 'right' },
        { title: 'Views', width: width * 0.12, align: 'right' },
        { title: 'Engagement', width: width * 0.12, align: 'right' },
        { title: 'Deliverables', width: width * 0.26, align: 'right' },
      ],
      report.influencers.map((i) => [
        i.name,
        usd(i.fee),
        usd(i.spent),
        num(i.posts),
        num(i.views),
        num(i.engagement),
        `${i.deliverables.done} done · ${i.deliverables.due} due · ${i.deliverables.late} late`,
      ]),
    );

  if (report.posts.length > 0)
    table(
      'Posts',
      [
        { title: 'Influencer', width: width * 0.18 },
        { title: 'Network', width: width * 0.12 },
        { title: 'Published (UTC)', width: width * 0.18 },
        { title: 'Views', width: width * 0.1, align: 'right' },
        { title: 'Reach', width: width * 0.1, align: 'right' },
        { title: 'Likes', width: width * 0.08, align: 'right' },
        { title: 'Comments', width: width * 0.1, align: 'right' },
        { title: 'Engagement', width: width * 0.14, align: 'right' },
      ],
      report.posts.map((p) => [
        p.influencer,
        `${networkLabel(p.network)}${p.format === 'post' ? '' : ` ${p.format}`}`,
        p.publishedAt.slice(0, 16).replace('T', ' '),
        num(p.views),
        num(p.reach),
        num(p.likes),
        num(p.comments),
        num(p.engagement),
      ]),
    );

  doc.end();
  return done;
}
