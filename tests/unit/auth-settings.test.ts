import { describe, expect, it } from 'vitest';
import { changePasswordForm, loginInput } from '@event-admin/core/auth/auth.schema';
import { defaultNotifications, notificationsForm, profileForm } from '@event-admin/core/settings/profile.schema';
import { appSettingsForm, defaultServiceFeePercentage, saveAppSettingsInput } from '@event-admin/core/settings/settings.schema';
import { messageFor, messages } from './issues.ts';

describe('login form (SPEC §5)', () => {
  it('username: required', () => {
    expect(messageFor(loginInput, { username: '', password: 'x' }, 'username')).toBe('Username is required');
    expect(messageFor(loginInput, { password: 'x' }, 'username')).toBe('Username is required');
  });

  it('password: required', () => {
    expect(messageFor(loginInput, { username: 'admin', password: '' }, 'password')).toBe('Password is required');
    expect(messageFor(loginInput, { username: 'admin' }, 'password')).toBe('Password is required');
  });

  it('accepts a filled form', () => {
    expect(messages(loginInput, { username: 'admin', password: 'secret' })).toEqual([]);
  });
});

describe('profile form (SPEC §5)', () => {
  const valid = { name: 'Admin User', email: 'admin@example.com', bio: '' };

  it('name: at least 2 characters', () => {
    expect(messageFor(profileForm, { ...valid, name: 'A' }, 'name')).toBe('Name must be at least 2 characters.');
  });

  it('email: a valid address', () => {
    expect(messageFor(profileForm, { ...valid, email: 'admin' }, 'email')).toBe('Please enter a valid email address.');
  });

  it('bio is optional', () => {
    expect(messages(profileForm, { name: 'Admin', email: 'admin@example.com' })).toEqual([]);
  });
});

describe('notification form (SPEC §3, §5)', () => {
  it('takes booleans only, with the SPEC defaults', () => {
    expect(defaultNotifications).toEqual({ emailNotifications: true, pushNotifications: false, marketingEmails: false });
    expect(messages(notificationsForm, defaultNotifications)).toEqual([]);
    expect(messages(notificationsForm, { ...defaultNotifications, marketingEmails: 'yes' })).not.toEqual([]);
  });
});

describe('global settings form (SPEC §5)', () => {
  it('serviceFeePercentage: non-empty', () => {
    expect(messageFor(appSettingsForm, { serviceFeePercentage: '' }, 'serviceFeePercentage')).toBe('Service fee percentage is required');
    expect(messageFor(appSettingsForm, { serviceFeePercentage: '   ' }, 'serviceFeePercentage')).toBe('Service fee percentage is required');
    expect(messageFor(appSettingsForm, {}, 'serviceFeePercentage')).toBe('Service fee percentage is required');
  });

  it('has no numeric or range check', () => {
    for (const value of ['18', '0', '-5', '250', 'abc', '12.5%']) {
      expect(messages(appSettingsForm, { serviceFeePercentage: value }), value).toEqual([]);
    }
    expect(messages(saveAppSettingsInput, { serviceFeePercentage: 'abc' })).toEqual([]);
  });

  it('defaults to 18', () => {
    expect(defaultServiceFeePercentage).toBe('18');
  });
});

describe('change password form', () => {
  const valid = { currentPassword: 'old-secret', newPassword: 'new-secret-1', confirmPassword: 'new-secret-1' };

  it('accepts matching passwords', () => {
    expect(messages(changePasswordForm, valid)).toEqual([]);
  });

  it('refuses a mismatch', () => {
    expect(messageFor(changePasswordForm, { ...valid, confirmPassword: 'other-secret' }, 'confirmPassword')).toBe(
      'The new passwords do not match',
    );
  });

  it('requires the current password and a new one of at least 8 characters', () => {
    expect(messageFor(changePasswordForm, { ...valid, currentPassword: '' }, 'currentPassword')).toBe('Current password is required');
    expect(messageFor(changePasswordForm, { ...valid, newPassword: 'short', confirmPassword: 'short' }, 'newPassword')).toBe(
      'New password must be at least 8 characters',
    );
  });
});
