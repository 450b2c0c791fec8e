import { initials } from '@event-admin/core/customer/customer.rules';

/** A round avatar with up to two initials (SPEC §9); decorative, the name sits beside it. */
export function CustomerAvatar({ name, size = 'md' }: { name: string; size?: 'md' | 'lg' }) {
  return (
    <div className="avatar avatar-placeholder" aria-hidden="true">
      <div className={`rounded-full bg-primary/15 font-semibold text-primary ${size === 'lg' ? 'w-12 text-base' : 'w-9 text-sm'}`}>
        <span>{initials(name, '?')}</span>
      </div>
    </div>
  );
}
