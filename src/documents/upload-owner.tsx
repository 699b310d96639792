// The application the upload areas of the tab shown upload for: its uuid once stored, null before
// its first save (the session then holds the upload until the application is saved); and the
// documents it already held when opened (newest first), which its areas say were received.
import { createContext, useContext } from 'react';
import type { DocumentType, StoredDocument } from '../../forms/contracts/documents';

interface Owner {
  uuid: string | null;
  stored: readonly StoredDocument[];
}

const UploadOwner = createContext<Owner>({ uuid: null, stored: [] });

export const UploadOwnerProvider = UploadOwner.Provider;
export const useUploadOwner = () => useContext(UploadOwner).uuid;
/** The newest document of `type` the application held when opened, if any. */
export const useStoredDocument = (type: DocumentType) => useContext(UploadOwner).stored.find((document) => document.type === type);
