export interface DashboardStats {
  totalEvents: number;
  /** customers with at least one completed purchase */
  activeCustomers: number;
  /** completed purchases, whole dollars */
  ticketSales: number;
  /** mean conversion (percent) of events that have page views */
  avgConversion: number;
}

export interface TopEvent {
  id: string;
  name: string;
  /** e.g. '12.5%' */
  conversionRate: string;
}

export interface TransactionTotals {
  totalTransactions: number;
  /** every amount summed, as SPEC's page does, e.g. '$1234.50' */
  totalRevenue: string;
  uniqueCustomers: number;
}
