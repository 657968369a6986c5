import { advertiserMessages } from '@rtb/shared';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../lib/api-client';
import { failureText, localiseOrganisationMessage } from '../organisations';
import './texts';

const ownTexts: ReadonlyMap<string, string> = new Map(
  Object.entries(advertiserMessages).map(([key, text]) => [text, `advertisers:messages.${key}`]),
);

/** A message of the advertisers endpoints in the interface language. */
export const localiseAdvertiserMessage = (t: TFunction, message: string, value?: unknown) =>
  localiseOrganisationMessage(t, message, value, ownTexts);

/** The message of a failed load or action, for a state or a toast. */
export const advertiserFailureText = (t: TFunction, error: ApiError) => failureText(t, error, ownTexts);
