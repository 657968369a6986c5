import type { ContactFormBody, FaqBody, FormContactDto, FormContactStatus } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { api, type RequestOptions } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-file';

/** The panels with a support page of their own requests (the admin's lists everyone's). */
export type CustomerPanel = 'agency' | 'advertiser';
type Panel = CustomerPanel | 'admin';
type Params = RequestOptions['params'];

export const supportKeys = {
  all: ['support'] as const,
  faqs: (panel: Panel, params: Params) => ['support', panel, 'faqs', params] as const,
  contacts: (panel: Panel, params: Params) => ['support', panel, 'contacts', params] as const,
  contact: (panel: Panel, id: number) => ['support', panel, 'contact', id] as const,
};

/** The FAQs: the admin's list of every language, or the ones a panel shows its users. */
export function useFaqs(panel: Panel, params: Params) {
  return useQuery({
    queryKey: supportKeys.faqs(panel, params),
    queryFn: async () =>
      (panel === 'admin'
        ? await api.call(contract.support.faqs, { query: params })
        : await api.call(contract.support.publishedFaqs, { path: { panel }, query: params })
      ).data.faqs,
    placeholderData: keepPreviousData,
  });
}

/** Support requests: the organisation's own, or everyone's for the admin. */
export function useFormContacts(panel: Panel, params: Params) {
  return useQuery({
    queryKey: supportKeys.contacts(panel, params),
    queryFn: async () =>
      (panel === 'admin'
        ? await api.call(contract.support.formContacts, { query: params })
        : await api.call(contract.support.ownFormContacts, { path: { panel }, query: params })
      ).data.formContacts,
    placeholderData: keepPreviousData,
  });
}

/** One request with its replies. */
export function useFormContact(panel: Panel, id: number) {
  return useQuery({
    queryKey: supportKeys.contact(panel, id),
    queryFn: async () =>
      (await api.call(contract.support.formContact, { path: { panel, id } })).data.formContact,
  });
}

/** Sends the contact form, with its attachment when there is one (multipart/form-data). */
export function useSendFormContact(panel: CustomerPanel) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, attachment }: { fields: ContactFormBody; attachment: File | null }) => {
      const form = new FormData();
      form.set('subject', fields.subject);
      form.set('message', fields.message);
      if (attachment) form.set('attachment', attachment, attachment.name);
      return (await api.call(contract.support.sendFormContact, { path: { panel }, formData: form })).data
        .formContact;
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['support', panel, 'contacts'] }),
  });
}

/** After a change to a request: its panel and every list show it. */
function useRefreshContact() {
  const client = useQueryClient();
  return (contact: Pick<FormContactDto, 'id'>, value?: FormContactDto) => {
    if (value) client.setQueryData(supportKeys.contact('admin', contact.id), value);
    void client.invalidateQueries({ queryKey: supportKeys.all });
  };
}

export function useChangeStatus(id: number) {
  const refresh = useRefreshContact();
  return useMutation({
    mutationFn: async (status: FormContactStatus) =>
      (await api.call(contract.support.setFormContactStatus, { path: { id }, body: { status } })).data
        .formContact,
    onSuccess: (contact) => refresh(contact, contact),
  });
}

export function useAddComment(formContactId: number) {
  const refresh = useRefreshContact();
  return useMutation({
    mutationFn: async (content: string) =>
      (await api.call(contract.support.addComment, { body: { formContactId, content } })).data.comment,
    onSuccess: () => refresh({ id: formContactId }),
  });
}

/** Creates a FAQ, or replaces one (`id`). */
export function useSaveFaq(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: FaqBody) =>
      (id === null
        ? await api.call(contract.support.createFaq, { body })
        : await api.call(contract.support.updateFaq, { path: { id }, body })
      ).data.faq,
    onSuccess: () => void client.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

export function useDeleteFaq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.call(contract.support.removeFaq, { path: { id } });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

/**
 * Downloads an attachment with the token in the header, like any call (never in the URL), and
 * saves it under its name.
 */
export async function downloadFile(panel: Panel, file: { id: number; name: string }): Promise<void> {
  saveBlob(await api.download(`/${panel}/file-uploads/${file.id}/download`), file.name);
}

/** The request open in the side panel, kept in the URL (`?contact=`, as the e-mails link it). */
export function useOpenContact() {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = Number(searchParams.get('contact')) || null;
  const setOpen = useCallback(
    (next: number | null) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next === null) params.delete('contact');
        else params.set('contact', String(next));
        return params;
      }),
    [setSearchParams],
  );
  return [id, setOpen] as const;
}
