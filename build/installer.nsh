; Windows installer additions (electron-builder NSIS `include`): firewall rules so players on the
; local network can reach the tables this computer opens to the network, and mDNS can find them.
; The game-port rule is bound to Chronicle's own program, not to one port: the app keeps its port
; from one start to the next but takes another when that one is taken, and the rule follows it.
; Private and domain networks only (never public Wi-Fi: the app explains how to make a network
; Private when it opens to the network on Windows).
!macro customInstall
  nsExec::ExecToLog 'netsh advfirewall firewall delete rule name="Chronicle (game port)"'
  nsExec::ExecToLog 'netsh advfirewall firewall delete rule name="Chronicle (mDNS)"'
  nsExec::ExecToLog 'netsh advfirewall firewall add rule name="Chronicle (game port)" dir=in action=allow protocol=TCP program="$INSTDIR\${APP_EXECUTABLE_FILENAME}" profile=private,domain enable=yes'
  nsExec::ExecToLog 'netsh advfirewall firewall add rule name="Chronicle (mDNS)" dir=in action=allow protocol=UDP localport=5353 program="$INSTDIR\${APP_EXECUTABLE_FILENAME}" profile=private,domain enable=yes'
!macroend

!macro customUnInstall
  nsExec::ExecToLog 'netsh advfirewall firewall delete rule name="Chronicle (game port)"'
  nsExec::ExecToLog 'netsh advfirewall firewall delete rule name="Chronicle (mDNS)"'
!macroend
