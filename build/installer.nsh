; Windows installer additions (electron-builder NSIS `include`): firewall rules so players on the
; local network can reach the tables this computer opens to the network, and mDNS can find them.
; Private and domain networks only (never public Wi-Fi), and only for Chronicle's own program.
!macro customInstall
  nsExec::ExecToLog 'netsh advfirewall firewall delete rule name="Chronicle (game port)"'
  nsExec::ExecToLog 'netsh advfirewall firewall delete rule name="Chronicle (mDNS)"'
  nsExec::ExecToLog 'netsh advfirewall firewall add rule name="Chronicle (game port)" dir=in action=allow protocol=TCP localport=7420 program="$INSTDIR\${APP_EXECUTABLE_FILENAME}" profile=private,domain enable=yes'
  nsExec::ExecToLog 'netsh advfirewall firewall add rule name="Chronicle (mDNS)" dir=in action=allow protocol=UDP localport=5353 program="$INSTDIR\${APP_EXECUTABLE_FILENAME}" profile=private,domain enable=yes'
!macroend

!macro customUnInstall
  nsExec::ExecToLog 'netsh advfirewall firewall delete rule name="Chronicle (game port)"'
  nsExec::ExecToLog 'netsh advfirewall firewall delete rule name="Chronicle (mDNS)"'
!macroend
