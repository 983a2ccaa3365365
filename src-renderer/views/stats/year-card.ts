/**
 * The shareable year in review: a 1080 × 1350 PNG drawn on a canvas in the renderer (year,
 * totals, a poster strip, the months, top genres and titles). Posters come from Marquee's own
 * image route, so they never taint the canvas; a poster that cannot load leaves a tile with the
 * title's initials and the card still saves.
 */
import type { YearInReviewView } from '../../../src-shared/ipc/contract/stats';
import { dayName, formatCount, formatHours, hoursValue, plural } from '../../lib/charts';
import { initials } from '../../lib/format';

export const CARD_WIDTH = 1080;
export const CARD_HEIGHT = 1350;
const PAD = 64;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Ubuntu, 'Noto Sans', Arial, sans-serif";
const POSTERS = 6;
const MONTH_LETTERS = ['J', 'F', 'M', 'A', 'M', 'J', 'J', 'A', 'S', 'O', 'N', 'D'];

export function cardFilename(year: number): string {
  return `marquee-${year}-in-review.png`;
}

/**
 * `text` cut to fit `max` pixels, with an ellipsis when cut; `measure` gives a string's width.
 * A 10,000-character title costs a binary search, not 10,000 measurements.
 */
export function fitText(text: string, max: number, measure: (s: string) => number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (measure(clean) <= max) return clean;
  let low = 0;
  let high = clean.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${clean.slice(0, mid).trimEnd()}…`) <= max) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? '…' : `${clean.slice(0, low).trimEnd()}…`;
}

/** The posters the card shows, in order: the year's most-watched titles. */
export function cardPosterPaths(review: YearInReviewView): (string | null)[] {
  return review.posters.slice(0, POSTERS).map((p) => p.posterPath);
}

/** Loads one image for the canvas; null when it fails or takes longer than `timeoutMs`. */
export function loadImage(src: string | null, timeoutMs = 4000): Promise<HTMLImageElement | null> {
  if (src === null) return Promise.resolve(null);
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => {
      resolve(null);
    }, timeoutMs);
    image.onload = () => {
      clearTimeout(timer);
      resolve(image);
    };
    image.onerror = () => {
      clearTimeout(timer);
      resolve(null);
    };
    image.src = src;
  });
}

function font(weight: number, size: number): string {
  return `${weight} ${size}px ${FONT}`;
}

function roundRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/** Draws the whole card; `posters` lines up with `cardPosterPaths` (null: not loadable). */
export function drawYearCard(
  ctx: CanvasRenderingContext2D,
  review: YearInReviewView,
  posters: readonly (CanvasImageSource | null)[],
): void {
  const measure = (s: string): number => ctx.measureText(s).width;
  const inner = CARD_WIDTH - PAD * 2;

  // Background: a deep night-blue gradient with a soft glow, like a cinema before the film.
  const bg = ctx.createLinearGradient(0, 0, CARD_WIDTH, CARD_HEIGHT);
  bg.addColorStop(0, '#0b1020');
  bg.addColorStop(0.55, '#14213d');
  bg.addColorStop(1, '#0a3a6b');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);
  const glow = ctx.createRadialGradient(CARD_WIDTH * 0.85, 120, 0, CARD_WIDTH * 0.85, 120, 520);
  glow.addColorStop(0, 'rgba(90, 169, 245, 0.35)');
  glow.addColorStop(1, 'rgba(90, 169, 245, 0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);

  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';

  // Heading.
  ctx.fillStyle = '#9cc9f5';
  ctx.font = font(700, 26);
  ctx.fillText('MARQUEE  ·  YEAR IN REVIEW', PAD, PAD + 26);
  ctx.fillStyle = '#ffffff';
  ctx.font = font(800, 170);
  ctx.fillText(String(review.year), PAD - 6, PAD + 200);

  // Totals.
  const totals = review.totals;
  const figures = [
    { value: hoursValue(totals.minutes), label: 'hours watched' },
    { value: formatCount(totals.films), label: totals.films === 1 ? 'film' : 'films' },
    { value: formatCount(totals.episodes), label: totals.episodes === 1 ? 'episode' : 'episodes' },
    { value: formatCount(totals.series), label: 'series' },
  ];
  const column = inner / figures.length;
  figures.forEach((figure, index) => {
    const x = PAD + index * column;
    ctx.fillStyle = '#ffffff';
    ctx.font = font(800, 64);
    ctx.fillText(fitText(figure.value, column - 16, measure), x, PAD + 310);
    ctx.fillStyle = '#b8c7dc';
    ctx.font = font(600, 24);
    ctx.fillText(figure.label, x, PAD + 346);
  });

  // Posters.
  const gap = 16;
  const posterWidth = (inner - gap * (POSTERS - 1)) / POSTERS;
  const posterHeight = posterWidth * 1.5;
  const posterTop = PAD + 400;
  const titles = review.posters.slice(0, POSTERS);
  titles.forEach((title, index) => {
    const x = PAD + index * (posterWidth + gap);
    ctx.save();
    roundRect(ctx, x, posterTop, posterWidth, posterHeight, 12);
    ctx.clip();
    const image = posters[index] ?? null;
    if (image) {
      ctx.drawImage(image, x, posterTop, posterWidth, posterHeight);
    } else {
      ctx.fillStyle = '#22314f';
      ctx.fillRect(x, posterTop, posterWidth, posterHeight);
      ctx.fillStyle = '#d6e4f5';
      ctx.font = font(800, 40);
      ctx.textAlign = 'center';
      ctx.fillText(initials(title.title), x + posterWidth / 2, posterTop + posterHeight / 2 + 14);
      ctx.textAlign = 'left';
    }
    ctx.restore();
  });

  // Months.
  const chartTop = posterTop + posterHeight + 70;
  const chartHeight = 190;
  ctx.fillStyle = '#ffffff';
  ctx.font = font(700, 28);
  ctx.fillText('Hours by month', PAD, chartTop - 18);
  const months = review.months.slice(0, 12);
  const most = Math.max(1, ...months.map((m) => m.minutes));
  const slot = inner / 12;
  months.forEach((month, index) => {
    const h = Math.max(month.minutes > 0 ? 4 : 0, (month.minutes / most) * (chartHeight - 40));
    const x = PAD + index * slot + slot * 0.15;
    const y = chartTop + chartHeight - 40 - h;
    ctx.fillStyle = month.minutes === most ? '#e69f00' : '#56b4e9';
    if (h > 0) {
      roundRect(ctx, x, y, slot * 0.7, h, 6);
      ctx.fill();
    }
    ctx.fillStyle = '#b8c7dc';
    ctx.font = font(600, 22);
    ctx.textAlign = 'center';
    ctx.fillText(MONTH_LETTERS[index] ?? '', x + slot * 0.35, chartTop + chartHeight - 8);
    ctx.textAlign = 'left';
  });

  // Top genres and titles, side by side.
  const listTop = chartTop + chartHeight + 56;
  const half = (inner - 40) / 2;
  const lists: { heading: string; lines: string[]; x: number }[] = [
    {
      heading: 'Top genres',
      lines: review.genres.slice(0, 3).map((g) => g.label || g.key),
      x: PAD,
    },
    {
      heading: 'Most watched',
      lines: review.posters.slice(0, 3).map((t) => t.title),
      x: PAD + half + 40,
    },
  ];
  for (const list of lists) {
    ctx.fillStyle = '#9cc9f5';
    ctx.font = font(700, 24);
    ctx.fillText(list.heading.toUpperCase(), list.x, listTop);
    ctx.fillStyle = '#ffffff';
    ctx.font = font(700, 32);
    list.lines.forEach((line, index) => {
      const text = `${index + 1}. ${line.trim() || 'Untitled'}`;
      ctx.fillText(fitText(text, half, measure), list.x, listTop + 46 + index * 44);
    });
  }

  // Habits: the longest run of days and the busiest day.
  const habits = [
    review.longestStreak ? `Longest streak ${plural(review.longestStreak.days, 'day')}` : null,
    review.busiestDay
      ? `Busiest day ${dayName(review.busiestDay.date)} (${formatHours(review.busiestDay.minutes)})`
      : null,
  ].filter((line): line is string => line !== null);
  if (habits.length > 0) {
    ctx.fillStyle = '#d6e4f5';
    ctx.font = font(600, 26);
    ctx.fillText(fitText(habits.join('   ·   '), inner, measure), PAD, listTop + 210);
  }

  // Footer.
  ctx.fillStyle = '#8ea3bf';
  ctx.font = font(600, 22);
  ctx.fillText(
    fitText(
      `${plural(totals.plays, 'play')} · ${plural(totals.activeDays, 'day')} with a watch · made with Marquee`,
      inner,
      measure,
    ),
    PAD,
    CARD_HEIGHT - PAD + 10,
  );
}

/** Draws the card and encodes it as PNG; posters that fail to load (or taint) are left out. */
export async function renderYearCard(
  review: YearInReviewView,
  posterSrc: (path: string | null) => string | null,
): Promise<Blob> {
  const posters = await Promise.all(
    cardPosterPaths(review).map((path) => loadImage(posterSrc(path))),
  );
  const canvas = document.createElement('canvas');
  canvas.width = CARD_WIDTH;
  canvas.height = CARD_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This window cannot draw images.');
  drawYearCard(ctx, review, posters);
  try {
    return await toPng(canvas);
  } catch {
    // An image the canvas may not export (it should never happen with Marquee's own route):
    // the card is drawn again without posters rather than not at all.
    drawYearCard(ctx, review, []);
    return toPng(canvas);
  }
}

function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob((blob) => {
        if (blob) resolve(blob);
        else reject(new Error('The image could not be made.'));
      }, 'image/png');
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
