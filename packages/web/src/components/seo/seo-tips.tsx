import { seoTargets } from '@event-admin/core/seo/seo.rules';

const tips = [
  {
    title: 'Write a clear meta title',
    body: `Keep titles between ${seoTargets.title.min}-${seoTargets.title.max} characters. Put the event name first and add what makes it worth a click: the city, the date or the kind of event.`,
  },
  {
    title: 'Make the meta description count',
    body: `Aim for ${seoTargets.description.min}-${seoTargets.description.max} characters. Summarise what the visitor gets, where and when, and end with a call to action such as "Get your tickets today".`,
  },
  {
    title: 'Choose focused keywords',
    body: 'Use a few comma-separated phrases people actually search for: the event type, the venue, the city and the headline act. Avoid repeating the same word many times.',
  },
  {
    title: 'Add an Open Graph image',
    body: 'A 1200 x 630 pixel image makes links shared on social networks stand out. Use an absolute https address.',
  },
  {
    title: 'Keep every event unique',
    body: 'Give each event its own title and description. Copied text makes events compete with each other in search results.',
  },
];

/** The SEO Tips tab: static best practice, with the targets the score uses (SPEC §5). */
export function SeoTips() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {tips.map((tip) => (
        <section key={tip.title} className="card bg-base-100 shadow-sm">
          <div className="card-body gap-2 p-5">
            <h3 className="font-semibold">{tip.title}</h3>
            <p className="text-sm text-base-content/80">{tip.body}</p>
          </div>
        </section>
      ))}
      <section className="card bg-base-100 shadow-sm md:col-span-2">
        <div className="card-body gap-2 p-5">
          <h3 className="font-semibold">How the SEO score works</h3>
          <ul className="list-disc space-y-1 pl-5 text-sm text-base-content/80">
            <li>
              Title: 34 points when it is {seoTargets.title.min}-{seoTargets.title.max} characters long, 20 when present but outside that
              range.
            </li>
            <li>
              Description: 33 points when it is {seoTargets.description.min}-{seoTargets.description.max} characters long, 20 when present
              but outside that range.
            </li>
            <li>Keywords: 33 points when there is at least one.</li>
            <li>90 or more is Excellent, 70 or more is Good, 40 or more is Fair, and below 40 is Poor.</li>
          </ul>
        </div>
      </section>
    </div>
  );
}
