/**
 * What orders consumes (each its own module): accounts' users, licences and config into the read models
 * (accounts-*.ts), and fleet's driver links onto the members. What it publishes goes through the outbox on the
 * Order document (orders.order.*.v1).
 */
export const consumers = [];
