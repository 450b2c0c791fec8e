import * as z from 'zod';

/** Settings > Profile: kept in the browser only (SPEC §3). */
export const profileForm = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters.'),
  email: z.string().trim().pipe(z.email('Please enter a valid email address.')),
  bio: z.string().optional(),
});
export type ProfileForm = z.infer<typeof profileForm>;

/** Settings > Notifications: a form only, not persisted (SPEC §3). */
export const notificationsForm = z.object({
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  marketingEmails: z.boolean(),
});
export type NotificationsForm = z.infer<typeof notificationsForm>;
export const defaultNotifications: NotificationsForm = {
  emailNotifications: true,
  pushNotifications: false,
  marketingEmails: false,
};
