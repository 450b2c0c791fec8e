import { seoScoreLabel, type SeoScoreLabel } from '@event-admin/core/seo/seo.rules';

const barColor: Record<SeoScoreLabel, string> = {
  Excellent: 'progress-success',
  Good: 'progress-info',
  Fair: 'progress-warning',
  Poor: 'progress-error',
};
const textColor: Record<SeoScoreLabel, string> = {
  Excellent: 'text-success',
  Good: 'text-info',
  Fair: 'text-warning',
  Poor: 'text-error',
};

/** The score bar with its percent and label (SPEC §4: Excellent 90+, Good 70+, Fair 40+, Poor). */
export function SeoScore({ score, eventTitle }: { score: number; eventTitle: string }) {
  const label = seoScoreLabel(score);
  return (
    <div className="flex min-w-40 items-center gap-2" data-testid="seo-score" data-score={score} data-label={label}>
      <progress className={`progress w-20 ${barColor[label]}`} value={score} max={100} aria-label={`SEO score for ${eventTitle}`} />
      <span className="w-10 text-right text-sm font-medium tabular-nums">{score}%</span>
      <span className={`text-xs font-semibold ${textColor[label]}`}>{label}</span>
    </div>
  );
}
