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
