/**
 * The URL Standard's "ends in a number checker" (Host parsing): whether a
 * domain's last label (after dropping one final empty label) is all ASCII
 * digits, or "0x"/"0X" and hex digits. The kernel's, as the writing grammar's
 * valid domain (./writing) needs it; ../whatwg/ipv4 re-exports it for the
 * WHATWG readings.
 */
export function endsInNumber(host: string): boolean {
  const end = host.endsWith('.') ? host.length - 1 : host.length;
  const dot = host.lastIndexOf('.', end - 1);
  const last = host.slice(dot + 1, end);
  if (last === '') return false;
  if (/^[0-9]+$/.test(last)) return true;
  return /^0x[0-9a-f]*$/i.test(last);
}
