// SpaceDashCLI: see the module's issue; this file keeps the target non-empty until it lands.
