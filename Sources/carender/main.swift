import CARenderCommands

CARender.main()
