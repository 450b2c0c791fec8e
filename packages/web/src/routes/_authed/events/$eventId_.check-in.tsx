import { createFileRoute } from '@tanstack/react-router';
import { CheckInPage } from '../../../components/check-in/check-in-page.tsx';

/**
 * The door's screen (issue 31), beside the event page rather than inside it. It has no loader:
 * it opens without a connection too, from what the browser kept (components/check-in).
 */
export const Route = createFileRoute('/_authed/events/$eventId_/check-in')({
  staticData: { title: 'Check-in' },
  component: CheckInPage,
});
