import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from '../forms/contracts/client-config';

/** The configuration the server wrote into index.html. */
export function readClientConfig(doc: Document = document): ClientConfig {
  const element = doc.getElementById(CLIENT_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error('index.html carries no application configuration');
  return JSON.parse(element.textContent) as ClientConfig;
}
