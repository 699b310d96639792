// The application the upload areas of the tab shown upload for: its uuid once stored, null before
// its first save (the session then holds the upload until the application is saved).
import { createContext, useContext } from 'react';

const UploadOwner = createContext<string | null>(null);

export const UploadOwnerProvider = UploadOwner.Provider;
export const useUploadOwner = () => useContext(UploadOwner);
