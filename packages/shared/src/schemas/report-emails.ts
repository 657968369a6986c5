import { z } from 'zod';
import { envelope } from './common';

/**
 * `/api/advertiser/me/report-emails`: the signed-in advertiser user's own report e-mails. `weekly`:
 * every Monday after 08:00 of the advertiser's time zone, a summary of the week before.
 */
export const reportEmailSettingsBody = z.object({ weekly: z.boolean() });
export type ReportEmailSettingsBody = z.infer<typeof reportEmailSettingsBody>;

export const reportEmailSettingsDto = z.object({ weekly: z.boolean() });
export type ReportEmailSettingsDto = z.infer<typeof reportEmailSettingsDto>;
export const reportEmailSettingsResponse = envelope({ reportEmails: reportEmailSettingsDto });

/** The hour of the user's day (in their time zone) from which the daily alert digest is due. */
export const ALERT_DIGEST_HOUR = 8;

/**
 * `/api/{agency|advertiser}/me/alert-digest`: the signed-in user's own daily alert digest. `daily`:
 * every morning from `ALERT_DIGEST_HOUR` (the advertiser's time zone; an agency user's is the
 * platform's default one), the overview's alerts of the clients the user sees, when there are any.
 */
export const alertDigestSettingsBody = z.object({ daily: z.boolean() });
export type AlertDigestSettingsBody = z.infer<typeof alertDigestSettingsBody>;

export const alertDigestSettingsDto = z.object({ daily: z.boolean() });
export type AlertDigestSettingsDto = z.infer<typeof alertDigestSettingsDto>;
export const alertDigestSettingsResponse = envelope({ alertDigest: alertDigestSettingsDto });
