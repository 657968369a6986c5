import {
  type CommentDto,
  type FaqDto,
  type FormContactDto,
  type FormContactListItem,
  toApiDateTime,
} from '@rtb/shared';
import { toFileUploadDto } from '../../platform';
import type { CommentRow } from './comments-repository';
import type { FaqRow } from './faqs-repository';
import type { FormContactRow } from './form-contacts-repository';

export function toFaqDto(row: FaqRow): FaqDto {
  return {
    id: row.id,
    createdAt: toApiDateTime(row.createdAt),
    updatedAt: toApiDateTime(row.updatedAt),
    locale: row.locale,
    question: row.question,
    answer: row.answer,
    position: row.position,
    enabled: row.enabled,
  };
}

/** What an activity-log row keeps of a FAQ. */
export const auditedFaq = (row: FaqRow) => ({
  locale: row.locale,
  question: row.question,
  answer: row.answer,
  position: row.position,
  enabled: row.enabled,
});

export function toFormContactListItem(row: FormContactRow): FormContactListItem {
  return {
    id: row.id,
    createdAt: toApiDateTime(row.createdAt),
    updatedAt: toApiDateTime(row.updatedAt),
    subject: row.subject,
    status: row.status,
    organisation:
      row.agencyId !== null
        ? { kind: 'agency', id: row.agencyId, name: row.organisationName }
        : { kind: 'advertiser', id: row.advertiserId as number, name: row.organisationName },
    submitter:
      row.submitter === null
        ? null
        : {
            id: row.submitter.id,
            name: row.submitter.name ?? row.submitter.login,
            email: row.submitter.login,
          },
    attachment: row.attachment ? toFileUploadDto(row.attachment) : null,
    commentCount: row.commentCount,
    lastCommentAt: row.lastCommentAt ? toApiDateTime(row.lastCommentAt) : null,
  };
}

export function toCommentDto(row: CommentRow): CommentDto {
  return {
    id: row.id,
    createdAt: toApiDateTime(row.createdAt),
    content: row.content,
    author:
      row.author === null
        ? null
        : { id: row.author.id, name: `${row.author.firstName} ${row.author.lastName}`.trim() },
  };
}

export function toFormContactDto(row: FormContactRow, comments: CommentRow[]): FormContactDto {
  return { ...toFormContactListItem(row), message: row.message, comments: comments.map(toCommentDto) };
}

/** The organisation ids of a contact's activity-log rows (an advertiser's with its agency). */
export const organisationIdsOf = (row: FormContactRow) => ({
  agencyId: row.auditAgencyId,
  advertiserId: row.advertiserId,
});
