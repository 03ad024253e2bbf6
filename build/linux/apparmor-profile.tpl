# AppArmor profile for Chronicle from the .deb (electron-builder fills in the names and installs it
# as /etc/apparmor.d/chronicle). Ubuntu 24.04 and later refuse unprivileged user namespaces to
# programs without a profile, and Electron's sandbox needs them: without this it aborts at start.
# The profile confines nothing else (unconfined): it only grants the user namespace.
abi <abi/4.0>,
include <tunables/global>

profile "${executable}" "/opt/${sanitizedProductName}/${executable}" flags=(unconfined) {
  userns,

  # Site-specific additions and overrides. See local/README for details.
  include if exists <local/${executable}>
}
