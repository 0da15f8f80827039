"""Rules: OS::Heat::SoftwareComponent (the action-aware software config spec)."""
