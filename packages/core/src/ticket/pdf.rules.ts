/**
 * A failed or fully refunded order's tickets are void (issue 31): they admit no one, so they are
 * neither printed nor shown as QR codes. A partial refund keeps them. Browser-safe.
 */
export const ticketsVoidedBy = (transactionStatus: string) => transactionStatus === 'failed' || transactionStatus === 'refunded';

/** A ticket as it is printed or shown: valid, or void. */
export type TicketStatus = 'valid' | 'void';
