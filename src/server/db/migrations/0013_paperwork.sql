-- The date of the customer's order with the retailer (issue 27, docs/decisions/0040): the goods must
-- leave the UK within 3 months of it for the retailer to zero-rate the sale (HMRC Notice 703).
ALTER TABLE "orders" ADD COLUMN "retailer_order_date" date;