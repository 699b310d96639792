/** Whether the readable marker of a staff session is present (the session cookie itself is HttpOnly). */
export function hasStaffCookie(name: string, cookies: string = document.cookie): boolean {
  return cookies.split(';').some((part) => part.trim().startsWith(`${name}=`));
}
