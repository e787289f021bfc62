/** A newsletter with subscribers and a draft email, made through the API, for delivery tests. */
import { eventually, type Api } from './harness.ts';

export interface NewsletterFixture {
  newsletterId: number;
  /** In creation order. */
  subscriberIds: number[];
  emailId: number;
}

/** Creates the newsletter, `addresses` as subscribers (16 requests at a time) and one draft email. */
export async function newsletterWithEmail(api: Api, name: string, addresses: string[], subject = `${name}: issue 1`): Promise<NewsletterFixture> {
  const newsletter = await api('POST', '/newsletters', { body: { name } });
  if (newsletter.status !== 201) throw new Error(`createNewsletter answered ${newsletter.status}`);
  const newsletterId: number = newsletter.body.id;
  const subscriberIds: number[] = new Array(addresses.length);
  let next = 0;
  const worker = async () => {
    while (next < addresses.length) {
      const index = next++;
      const response = await api('POST', `/newsletters/${newsletterId}/subscribers`, { body: { email: addresses[index] } });
      if (response.status !== 200) throw new Error(`createSubscriber answered ${response.status}`);
      subscriberIds[index] = response.body.id;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  const email = await api('POST', `/newsletters/${newsletterId}/emails`, {
    body: { subject, content_html: `<h1>${subject}</h1><p>Hello, reader.</p>` },
  });
  if (email.status !== 201) throw new Error(`createEmail answered ${email.status}`);
  return { newsletterId, subscriberIds, emailId: email.body.id };
}

export const addressesFor = (prefix: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(5, '0')}@example.com`);

/** The email once its status is `status`, polling the API; fails after `timeoutMs`. */
export async function emailWithStatus(api: Api, fixture: NewsletterFixture, status: string, timeoutMs = 10_000) {
  return eventually(async () => {
    const email = await api('GET', `/newsletters/${fixture.newsletterId}/emails/${fixture.emailId}`);
    return email.body.status === status ? email.body : undefined;
  }, timeoutMs);
}
