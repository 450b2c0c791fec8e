import { Link } from '@tanstack/react-router';
import { LightbulbIcon } from '../ui/icons.tsx';
import { Panel } from './panel.tsx';

// SPEC §2 and §9's SEO guidance, in short.
const tips = [
  'Keep SEO titles between 40 and 60 characters.',
  'Write meta descriptions of 120 to 160 characters.',
  'Add a few focused keywords to every event.',
];

export function SeoTips({ className }: { className?: string }) {
  return (
    <Panel title="SEO Tips" testId="seo-tips" className={className}>
      <ul className="space-y-2 text-sm">
        {tips.map((tip) => (
          <li key={tip} className="flex gap-2">
            <span className="mt-0.5 text-warning">
              <LightbulbIcon />
            </span>
            <span>{tip}</span>
          </li>
        ))}
      </ul>
      <Link to="/seo" className="btn btn-outline btn-sm self-start">
        Manage SEO
      </Link>
    </Panel>
  );
}
