import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Draws `children` once they come into view, `placeholder` (of the same size, so nothing moves)
 * until then. For the charts: drawing one is a long task for the page's only thread, and a chart
 * below the fold on a phone need not be drawn, nor its code fetched, before the admin scrolls to
 * it. On a wide screen it is in view and drawn right after the cards.
 */
export function WhenVisible({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (visible || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true));
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  return visible ? (
    children
  ) : (
    <div ref={box} data-when-visible="">
      {placeholder}
    </div>
  );
}
