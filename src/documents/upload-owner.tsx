// The application the upload areas of the tab shown upload for: its uuid once stored, null before
// its first save (the session then holds the upload until the application is saved); and the
// documents it holds (those it held when opened, newest first, and those read since), which its areas
// say were received; and how an area reports a document it has just had read.
import { createContext, useContext } from 'react';
import type { DocumentType, StoredDocument } from '../../forms/contracts/documents';

interface Owner {
  uuid: string | null;
  stored: readonly StoredDocument[];
  received?: (document: StoredDocument) => void;
}

const UploadOwner = createContext<Owner>({ uuid: null, stored: [] });

export const UploadOwnerProvider = UploadOwner.Provider;
export const useUploadOwner = () => useContext(UploadOwner).uuid;
/** The newest document of `type` the application holds, if any. */
export const useStoredDocument = (type: DocumentType) => useContext(UploadOwner).stored.find((document) => document.type === type);
/** Tells the owner a document was stored and read (so an area shown again says it was received). */
export const useDocumentReceived = () => useContext(UploadOwner).received;
