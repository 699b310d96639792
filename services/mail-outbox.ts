// The e-mail outbox for staff (permission `outbox`): GET /correos lists a page of messages, GET
// /correos/{id} answers one with its parts, POST /correos/{id}/reenvio sends one again. A failure
// rejects with the axios error (callFailure in services/http.ts reads its Spanish message).
import type { AxiosInstance } from 'axios';
import type { MailMessage, MailMessageList, MailMessageRow } from '../forms/contracts/mail-outbox';

/** A page of messages, newest first, with how many match in all; `params` as the page's URL gives them. */
export const fetchMailMessages = async (http: AxiosInstance, params: URLSearchParams): Promise<MailMessageList> =>
  (await http.get<MailMessageList>('/correos', { params })).data;

export const fetchMailMessage = async (http: AxiosInstance, id: number): Promise<MailMessage> =>
  (await http.get<MailMessage>(`/correos/${encodeURIComponent(String(id))}`)).data;

/** Puts a sent, failed or kept message back in the queue; answers it, pending (409 for a pending or cancelled one). */
export const resendMailMessage = async (http: AxiosInstance, id: number): Promise<MailMessageRow> =>
  (await http.post<MailMessageRow>(`/correos/${encodeURIComponent(String(id))}/reenvio`)).data;
