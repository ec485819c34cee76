-- A granted European patent records where it took effect (docs/adr/0038): the EPC states it was validated in
-- (CH stands for CH/LI) and whether unitary effect was registered; their renewal fees follow on /pension and /terms.
ALTER TABLE "projects" ADD COLUMN "ep_validated_states" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "ep_unitary_effect" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_ep_validated_states_check" CHECK ("projects"."ep_validated_states" <@ array['AL','AT','BE','BG','CH','CY','CZ','DE','DK','EE','ES','FI','FR','GB','GR','HR','HU','IE','IS','IT','LT','LU','LV','MC','ME','MK','MT','NL','NO','PL','PT','RO','RS','SE','SI','SK','SM','TR']::text[]);