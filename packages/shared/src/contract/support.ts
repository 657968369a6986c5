import { accountKinds } from '../enums';
import { statusBody } from '../schemas/common';
import {
  commentBody,
  commentResponse,
  faqBody,
  faqResponse,
  faqsQuery,
  faqsResponse,
  formContactResponse,
  formContactStatusBody,
  formContactsQuery,
  formContactsResponse,
  ownFormContactsQuery,
  publishedFaqsQuery,
} from '../schemas/support';
import { route } from './route';

/** FAQs and support requests with their replies (`support/support`). */
export const support = {
  faqs: route('GET', '/admin/faqs', { query: faqsQuery, response: faqsResponse }),
  publishedFaqs: route('GET', '/:panel/faqs', {
    panels: ['agency', 'advertiser'],
    query: publishedFaqsQuery,
    response: faqsResponse,
  }),
  createFaq: route('POST', '/admin/faqs', { body: faqBody, response: faqResponse }),
  updateFaq: route('PUT', '/admin/faqs/:id', { body: faqBody, response: faqResponse }),
  removeFaq: route('DELETE', '/admin/faqs/:id', { response: statusBody }),
  formContacts: route('GET', '/admin/form-contacts', {
    query: formContactsQuery,
    response: formContactsResponse,
  }),
  ownFormContacts: route('GET', '/:panel/form-contacts', {
    panels: ['agency', 'advertiser'],
    query: ownFormContactsQuery,
    response: formContactsResponse,
  }),
  formContact: route('GET', '/:panel/form-contacts/:id', {
    panels: accountKinds,
    response: formContactResponse,
  }),
  /** The contact form's fields and its attachment. */
  sendFormContact: route('POST', '/:panel/form-contacts', {
    panels: ['agency', 'advertiser'],
    body: 'multipart',
    response: formContactResponse,
  }),
  setFormContactStatus: route('PUT', '/admin/form-contacts/:id', {
    body: formContactStatusBody,
    response: formContactResponse,
  }),
  addComment: route('POST', '/admin/comments', { body: commentBody, response: commentResponse }),
};
